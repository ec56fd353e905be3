import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import type { WalletType } from '@/lib/session';
import { useAwaitWalletFrame } from '@/lib/wallet-frame';
import { isValidAddress, type ServerCheck } from './address';
import { useAuthMessageMutation, useSubmitAuthMutation, useTestAddressMutation, type AuthPurpose } from './api';
import { MESSAGES } from './messages';
import { walletOf, WalletError, type WalletId, type WalletWindow } from './wallets';

/** How long 'Token expired' shows before a new message is asked for (spec: 2 seconds). */
export const REGENERATE_DELAY_MS = 2000;

/** A line under the panel's controls: a failure, or news. */
export type Notice = { text: string; tone: 'error' | 'info' };

/** What the server's answer to a submission means. */
export type AuthOutcome = 'success' | 'expired' | 'other';

/** The answer of the authentication POST, read as the spec says: 'success', 'expired', or anything else. */
export function authOutcome(answer: unknown): AuthOutcome {
  const text = typeof answer === 'string' ? answer.trim() : '';
  return text === 'success' ? 'success' : text === 'expired' ? 'expired' : 'other';
}

/** The text of a failed authentication call: the server's own for a conflict or a rate limit, else the spec's. */
function failureText(error: Parameters<typeof errorStatus>[0]): string {
  const status = errorStatus(error);
  if (status === 409 || status === 429) return errorMessage(error) ?? GENERIC_ERROR;
  return GENERIC_ERROR;
}

type SignInOptions = {
  purpose: AuthPurpose;
  /** Called once the server answered 'success', with the wallet type that signed. */
  onSuccess: (type: WalletType) => void;
  /** Where the wallets are injected (the window; tests pass their own). */
  page?: WalletWindow;
};

/**
 * The sign-in panel's work: the one-click flow of a wallet (address, message, signature, submission), the Ninja
 * wallet's (its frame hands over address, message and signature, then the submission) and the manual flow (address
 * checked, message shown, signature pasted, submission). 'expired' shows 'Token expired', then after 2 seconds a new
 * message for the same address replaces the shown one.
 */
export function useSignIn({ purpose, onSuccess, page }: SignInOptions) {
  const [address, setAddress] = useState('');
  /** The message shown, and the address it was issued for. */
  const [challenge, setChallenge] = useState<{ address: string; message: string } | null>(null);
  const [signature, setSignature] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [getMessage] = useAuthMessageMutation();
  const [postAuth] = useSubmitAuthMutation();
  const [testAddress] = useTestAddressMutation();
  const awaitWalletFrame = useAwaitWalletFrame();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const success = useRef(onSuccess);

  useEffect(() => {
    success.current = onSuccess;
  }, [onSuccess]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
    },
    [],
  );

  /** A new message for `forAddress`; a WalletError with the server's or the spec's text when none comes. */
  const fetchMessage = useCallback(
    async (forAddress: string) => {
      const result = await getMessage({ address: forAddress, purpose });
      if ('error' in result) {
        const status = errorStatus(result.error);
        throw new WalletError(
          (status === 400 || status === 401 || status === 429 ? errorMessage(result.error) : undefined) ??
            MESSAGES.noMessage,
        );
      }
      if (typeof result.data !== 'string' || !result.data) throw new WalletError(MESSAGES.noMessage);
      return result.data;
    },
    [getMessage, purpose],
  );

  const regenerate = useCallback(
    (forAddress: string) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        fetchMessage(forAddress).then(
          (message) => {
            setAddress(forAddress);
            setChallenge({ address: forAddress, message });
            setSignature('');
            setNotice({ text: MESSAGES.newMessage, tone: 'info' });
          },
          (failure: unknown) => {
            setNotice({ text: failure instanceof WalletError ? failure.message : MESSAGES.noMessage, tone: 'error' });
          },
        );
      }, REGENERATE_DELAY_MS);
    },
    [fetchMessage],
  );

  const submit = useCallback(
    async (submission: { address: string; message: string; signature: string; type: WalletType }) => {
      const result = await postAuth({ ...submission, purpose });
      if ('error' in result) {
        setNotice({ text: failureText(result.error), tone: 'error' });
        return;
      }
      const outcome = authOutcome(result.data);
      if (outcome === 'success') {
        clearTimeout(timer.current);
        setNotice(null);
        success.current(submission.type);
      } else if (outcome === 'expired') {
        setNotice({ text: MESSAGES.tokenExpired, tone: 'error' });
        regenerate(submission.address);
      } else {
        setNotice({ text: GENERIC_ERROR, tone: 'error' });
      }
    },
    [postAuth, purpose, regenerate],
  );

  /** The one-click flow of wallet `id`. */
  const signInWith = useCallback(
    async (id: WalletId) => {
      setNotice(null);
      try {
        const wallet = walletOf(id, page);
        const walletAddress = await wallet.address();
        const message = await fetchMessage(walletAddress);
        const walletSignature = await wallet.sign(message, walletAddress);
        await submit({ address: walletAddress, message, signature: walletSignature, type: id });
      } catch (failure) {
        setNotice({ text: failure instanceof WalletError ? failure.message : GENERIC_ERROR, tone: 'error' });
      }
    },
    [fetchMessage, page, submit],
  );

  /**
   * The Ninja wallet's flow: its frame opens to sign in (or link) and the promise lasts until it closes; what it
   * signed is submitted as type 'ninja'.
   */
  const signInWithNinja = useCallback(async () => {
    setNotice(null);
    const signed = await awaitWalletFrame({ action: 'sign-in', purpose });
    if (signed) await submit({ ...signed, type: 'ninja' });
  }, [awaitWalletFrame, purpose, submit]);

  /** The manual flow's first step: the entered address checked, then its message shown. */
  const requestMessage = useCallback(async () => {
    const entered = address.trim();
    setNotice(null);
    const askServer = async (candidate: string): Promise<ServerCheck> => {
      const result = await testAddress(candidate);
      if ('data' in result)
        return { answered: true, ok: typeof result.data === 'string' && result.data.trim() === 'OK' };
      // A 400 is the server's 'no'; no answer or a failure of its own leaves the decision to the fallback.
      return errorStatus(result.error) === 400 ? { answered: true, ok: false } : { answered: false };
    };
    if (!entered || !(await isValidAddress(entered, askServer))) {
      setNotice({ text: MESSAGES.invalidAddress, tone: 'error' });
      return;
    }
    try {
      const message = await fetchMessage(entered);
      setChallenge({ address: entered, message });
      setSignature('');
    } catch (failure) {
      setNotice({ text: failure instanceof WalletError ? failure.message : MESSAGES.noMessage, tone: 'error' });
    }
  }, [address, fetchMessage, testAddress]);

  /** The manual flow's last step: the pasted signature submitted with the shown message. */
  const logInManually = useCallback(async () => {
    if (!challenge) return;
    if (!signature.trim()) {
      setNotice({ text: MESSAGES.signatureRequired, tone: 'error' });
      return;
    }
    setNotice(null);
    await submit({
      address: challenge.address,
      message: challenge.message,
      signature: signature.trim(),
      type: 'default',
    });
  }, [challenge, signature, submit]);

  /** A new address typed: the message shown was for the old one. */
  const changeAddress = useCallback((value: string) => {
    setAddress(value);
    setChallenge((shown) => (shown && shown.address === value.trim() ? shown : null));
  }, []);

  return {
    address,
    changeAddress,
    challenge,
    signature,
    setSignature,
    notice,
    signInWith,
    signInWithNinja,
    requestMessage,
    logInManually,
  };
}
