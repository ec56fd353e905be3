import { useId, useState, type SubmitEvent } from 'react';
import { confirmsPhrase, pickPositions } from '../confirm-words';
import { newMnemonic, type Secret } from '../keys';
import { PasswordForm } from './password-form';
import { FormError } from './form-error';

type CreateWalletProps = {
  /** Encrypts the new wallet under the password, keeps it and opens it. */
  onCreate: (secret: Secret, password: string) => Promise<void>;
  onCancel: () => void;
};

type Step = 'words' | 'confirm' | 'password';

/**
 * A new wallet: its 12 words shown once, three of them typed back by position (a wrong word keeps the step, with
 * an error), then the password. Leaving drops the words: the next attempt draws new ones.
 */
export function CreateWallet({ onCreate, onCancel }: CreateWalletProps) {
  const id = useId();
  const [phrase] = useState(newMnemonic);
  const words = phrase.split(' ');
  const [positions] = useState(() => pickPositions(words.length));
  const [step, setStep] = useState<Step>('words');
  const [written, setWritten] = useState(false);
  const [answers, setAnswers] = useState<string[]>(() => positions.map(() => ''));
  const [error, setError] = useState<string | null>(null);

  if (step === 'words') {
    return (
      <section className="card" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Your recovery phrase</h2>
        <p>
          Write these 12 words down, in order, and keep them offline. They are shown only now. Anyone with them can
          spend this wallet&apos;s funds; without them, a forgotten password loses it.
        </p>
        <ol className="words" aria-label="Recovery phrase">
          {words.map((word, index) => (
            <li key={index} className="words__word">
              {word}
            </li>
          ))}
        </ol>
        <label className="check">
          <input
            type="checkbox"
            checked={written}
            onChange={(event) => {
              setWritten(event.target.checked);
            }}
          />
          I have written these words down
        </label>
        <div className="actions">
          <button
            type="button"
            className="button button--primary"
            disabled={!written}
            onClick={() => {
              setStep('confirm');
            }}
          >
            Continue
          </button>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </section>
    );
  }

  if (step === 'confirm') {
    const confirm = (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (confirmsPhrase(words, positions, answers)) {
        setError(null);
        setStep('password');
      } else {
        setError('Those words do not match your recovery phrase. Check what you wrote down and try again.');
      }
    };
    return (
      <section className="card" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Confirm your recovery phrase</h2>
        <form className="form" onSubmit={confirm} noValidate>
          <p>Type the words asked, from what you wrote down.</p>
          {positions.map((position, index) => (
            <label key={position} className="field" htmlFor={`${id}-word-${String(position)}`}>
              Word #{position}
              <input
                id={`${id}-word-${String(position)}`}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                value={answers[index] ?? ''}
                onChange={(event) => {
                  const next = [...answers];
                  next[index] = event.target.value;
                  setAnswers(next);
                }}
              />
            </label>
          ))}
          <FormError error={error} />
          <div className="actions">
            <button type="submit" className="button button--primary">
              Confirm
            </button>
            <button type="button" className="button" onClick={onCancel}>
              Cancel
            </button>
          </div>
        </form>
      </section>
    );
  }

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Choose a password</h2>
      <PasswordForm
        submitLabel="Create wallet"
        onSubmit={(password) => onCreate({ kind: 'mnemonic', phrase }, password)}
        onCancel={onCancel}
      />
    </section>
  );
}
