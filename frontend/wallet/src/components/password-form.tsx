import { useId, useState, type SubmitEvent } from 'react';
import { MIN_PASSWORD_LENGTH } from '../config';
import { FormError } from './form-error';

/** Why a new password is refused, or null. */
export function passwordError(password: string, repeated: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `The password needs at least ${String(MIN_PASSWORD_LENGTH)} characters.`;
  }
  if (password !== repeated) return 'The two passwords differ.';
  return null;
}

type PasswordFormProps = {
  /** The submit button's text. */
  submitLabel: string;
  /** Encrypts and keeps the wallet; a rejection shows its message. */
  onSubmit: (password: string) => Promise<void>;
  onCancel: () => void;
};

/** Chooses the password that encrypts the wallet: typed twice, at least 8 characters. */
export function PasswordForm({ submitLabel, onSubmit, onCancel }: PasswordFormProps) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const refused = passwordError(password, repeated);
    setError(refused);
    if (refused) return;
    setBusy(true);
    onSubmit(password).catch((failure: unknown) => {
      setBusy(false);
      setError(failure instanceof Error ? failure.message : 'The wallet could not be saved.');
    });
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <p>
        The password encrypts the wallet in this browser. It is asked to unlock it; it cannot be recovered, but the
        recovery phrase or key restores the wallet.
      </p>
      <label className="field" htmlFor={`${id}-password`}>
        Password
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="new-password"
          value={password}
          disabled={busy}
          onChange={(event) => {
            setPassword(event.target.value);
          }}
        />
      </label>
      <label className="field" htmlFor={`${id}-repeat`}>
        Repeat password
        <input
          id={`${id}-repeat`}
          type="password"
          autoComplete="new-password"
          value={repeated}
          disabled={busy}
          onChange={(event) => {
            setRepeated(event.target.value);
          }}
        />
      </label>
      <FormError error={error} />
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? 'Encrypting...' : submitLabel}
        </button>
        <button type="button" className="button" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
