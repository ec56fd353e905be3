import { useId, useState, type SubmitEvent } from 'react';
import { parseImport, type Secret } from '../keys';
import { PasswordForm } from './password-form';
import { FormError } from './form-error';

type ImportWalletProps = {
  /** Encrypts the imported wallet under the password, keeps it and opens it. */
  onImport: (secret: Secret, password: string) => Promise<void>;
  onCancel: () => void;
};

/**
 * An existing wallet: its recovery phrase (12 or 24 English words, checksum checked) or one key as WIF (compressed
 * only), then the password.
 */
export function ImportWallet({ onImport, onCancel }: ImportWalletProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<Secret | null>(null);

  if (secret) {
    return (
      <section className="card" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Choose a password</h2>
        <PasswordForm
          submitLabel="Import wallet"
          onSubmit={(password) => onImport(secret, password)}
          onCancel={onCancel}
        />
      </section>
    );
  }

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseImport(text);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    setText('');
    setSecret(parsed.secret);
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Import a wallet</h2>
      <form className="form" onSubmit={submit} noValidate>
        <label className="field" htmlFor={`${id}-secret`}>
          Recovery phrase or WIF key
          <textarea
            id={`${id}-secret`}
            rows={4}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
            }}
          />
        </label>
        <p className="hint">12 or 24 words separated by spaces, or a compressed private key in WIF (K... or L...).</p>
        <FormError error={error} />
        <div className="actions">
          <button type="submit" className="button button--primary">
            Continue
          </button>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
