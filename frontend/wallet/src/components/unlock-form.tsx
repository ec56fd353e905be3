import { useId, useState, type SubmitEvent } from 'react';
import { WrongPasswordError } from '../vault';
import { FormError } from './form-error';

/** The stored wallet, locked: its password unlocks it ('Wrong password' otherwise, and nothing else changes). */
export function UnlockForm({ onUnlock }: { onUnlock: (password: string) => Promise<void> }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || password === '') return;
    setBusy(true);
    setError(null);
    onUnlock(password).catch((failure: unknown) => {
      setBusy(false);
      setError(failure instanceof WrongPasswordError ? 'Wrong password' : 'The wallet could not be unlocked.');
    });
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Unlock your wallet</h2>
      <form className="form" onSubmit={submit} noValidate>
        <label className="field" htmlFor={`${id}-password`}>
          Password
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            value={password}
            disabled={busy}
            onChange={(event) => {
              setPassword(event.target.value);
            }}
          />
        </label>
        <FormError error={error} />
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {busy ? 'Unlocking...' : 'Unlock'}
          </button>
        </div>
      </form>
    </section>
  );
}
