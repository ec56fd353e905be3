import { useId, useState } from 'react';

/** 'Forget this wallet', confirmed first: removes the encrypted wallet from this browser. */
export function ForgetWallet({ onForget }: { onForget: () => void }) {
  const id = useId();
  const [asking, setAsking] = useState(false);

  if (!asking) {
    return (
      <div className="forget">
        <button
          type="button"
          className="button button--quiet"
          onClick={() => {
            setAsking(true);
          }}
        >
          Forget this wallet
        </button>
      </div>
    );
  }
  return (
    <section className="card card--danger" role="alertdialog" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Forget this wallet?</h2>
      <p>
        It is removed from this browser. Only its recovery phrase or key can bring it back: without them its funds are
        lost.
      </p>
      <div className="actions">
        <button type="button" className="button button--danger" onClick={onForget}>
          Forget it
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            setAsking(false);
          }}
        >
          Keep it
        </button>
      </div>
    </section>
  );
}
