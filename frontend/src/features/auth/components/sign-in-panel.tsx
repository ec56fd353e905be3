import { useId } from 'react';
import { AsyncButton } from '@/components/ui/async-button';
import { Modal } from '@/components/ui/modal';
import { useWalletOrigin } from '@/lib/origins-api';
import type { WalletType } from '@/lib/session';
import { useCopyFlash } from '@/lib/use-copy-flash';
import type { AuthPurpose } from '../api';
import { MESSAGES } from '../messages';
import { useSignIn, type Notice } from '../use-sign-in';
import { NINJA_WALLET, WALLETS, type WalletWindow } from '../wallets';

function NoticeLine({ notice }: { notice: Notice | null }) {
  // Both live regions stay in the page so that a screen reader hears each new text.
  return (
    <>
      <p className="sign-in__notice sign-in__notice--error" role="alert">
        {notice?.tone === 'error' ? notice.text : ''}
      </p>
      <p className="sign-in__notice" role="status">
        {notice?.tone === 'info' ? notice.text : ''}
      </p>
    </>
  );
}

/** The message to sign: a click copies it and says 'Copied!' for one second. */
function MessageToSign({ message }: { message: string }) {
  const { copied, copy } = useCopyFlash();
  return (
    <div className="sign-in__message">
      <button
        type="button"
        className="sign-in__message-text"
        aria-label="Message to sign (click to copy)"
        onClick={() => {
          void copy(message);
        }}
      >
        <pre className="mono">{message}</pre>
      </button>
      <span className="sign-in__hint" aria-live="polite">
        {copied ? MESSAGES.copied : 'Click the message to copy it, sign it with your wallet, paste the signature.'}
      </span>
    </div>
  );
}

type SignInPanelProps = {
  purpose: AuthPurpose;
  onClose: () => void;
  onSuccess: (type: WalletType) => void;
  /** Where the wallets are injected (the window by default). */
  page?: WalletWindow;
};

/**
 * The sign-in panel ('Connect', or 'Link' when adding an address): one-click buttons for the Ninja wallet (when its
 * app is served; it signs in its frame, over the panel) and the wallets the page has injected (Leather, Unisat,
 * OKX), and the manual way: an address, the message to sign, the pasted signature and 'Log in'.
 */
export function SignInPanel({ purpose, onClose, onSuccess, page }: SignInPanelProps) {
  const signIn = useSignIn({ purpose, onSuccess, page });
  const walletOrigin = useWalletOrigin();
  const addressId = useId();
  const signatureId = useId();
  return (
    <Modal title={purpose === 'link' ? 'Link' : 'Connect'} onClose={onClose}>
      <div className="sign-in">
        <div className="sign-in__wallets" role="group" aria-label="Wallets">
          {walletOrigin && (
            <AsyncButton className="button sign-in__wallet" onClick={signIn.signInWithNinja}>
              {NINJA_WALLET.name}
            </AsyncButton>
          )}
          {WALLETS.map((wallet) => (
            <AsyncButton
              key={wallet.id}
              className="button sign-in__wallet"
              onClick={() => signIn.signInWith(wallet.id)}
            >
              {wallet.name}
            </AsyncButton>
          ))}
        </div>
        <p className="sign-in__or">or sign a message with any wallet</p>
        <form
          className="sign-in__manual"
          onSubmit={(event) => {
            event.preventDefault();
          }}
        >
          <label className="field__label" htmlFor={addressId}>
            Bitcoin address
          </label>
          <div className="field__row">
            <input
              id={addressId}
              className="field__input mono"
              value={signIn.address}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => {
                signIn.changeAddress(event.target.value);
              }}
            />
            <AsyncButton type="submit" className="button button--ghost" onClick={signIn.requestMessage}>
              Get message
            </AsyncButton>
          </div>
          {signIn.challenge && (
            <>
              <MessageToSign message={signIn.challenge.message} />
              <label className="field__label" htmlFor={signatureId}>
                Signature
              </label>
              <textarea
                id={signatureId}
                className="field__input field__input--area mono"
                rows={3}
                value={signIn.signature}
                spellCheck={false}
                onChange={(event) => {
                  signIn.setSignature(event.target.value);
                }}
              />
              <AsyncButton className="button" onClick={signIn.logInManually}>
                {purpose === 'link' ? 'Link address' : 'Log in'}
              </AsyncButton>
            </>
          )}
        </form>
        <NoticeLine notice={signIn.notice} />
      </div>
    </Modal>
  );
}
