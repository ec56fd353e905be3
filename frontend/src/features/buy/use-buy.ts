import { useCallback, useState } from 'react';
import { openBuy, removeFromCart, useCartDispatch } from '@/lib/cart';
import { logOut } from '@/lib/session';
import { useBroadcastMutation } from '@/lib/wallet/api';
import { psbtSignerOf, SigningError, type PsbtWindow, type SigningWallet } from '@/lib/wallet/psbt-wallets';
import { signAndSend } from '@/lib/wallet/transaction';
import { MESSAGES } from './messages';
import { failureLine, type CreateOutcome } from './outcome';

/** A purchase as the dialog hands it over: the buyer, the listings bought, the server's build of them (the quote the
 * dialog shows) and the wallet to sign it. */
export type BuySubmission = {
  /** The buyer's address (the signed-in user's current one). */
  source: string;
  /** The listings bought, in the cart's order. */
  hashes: string[];
  /** The create call's answer for them: what is signed. */
  created: CreateOutcome;
  wallet: SigningWallet;
};

/** Where the purchase stands: messages about listings left out, and the failure to show. */
export type BuyState = { notices: string[]; error: string | null };

const IDLE: BuyState = { notices: [], error: null };

type BuyOptions = {
  /** The listings' names by hash, for the failure lines. */
  names: ReadonlyMap<string, string>;
  /** Every listing failed: the dialog closes and the page shows `message` (spec). */
  onRefused: (message: string) => void;
  /** The transaction was broadcast: its txids, and the lines about listings left out. */
  onSent: (txids: string[], notices: string[]) => void;
  /** Where the wallets are injected (the window; tests pass their own). */
  page?: PsbtWindow;
};

/**
 * The buy dialog's work (spec §4, §8): the server built the PSBT (the dialog's quote), the signed-in wallet signs that
 * very build, the server broadcasts it. Listings
 * the server leaves out leave the cart, their reasons shown above the form; when it builds nothing because every
 * listing failed, they leave the cart and `onRefused` closes the dialog with the reasons joined by newlines. Once
 * broadcast, `onSent` has the txids and the listings bought leave the cart.
 */
export function useBuy({ names, onRefused, onSent, page }: BuyOptions) {
  const dispatch = useCartDispatch();
  const [broadcast] = useBroadcastMutation();
  const [state, setState] = useState<BuyState>(IDLE);

  const submit = useCallback(
    async (submission: BuySubmission) => {
      setState(IDLE);
      if (!submission.source) {
        setState({ ...IDLE, error: MESSAGES.sourceRequired });
        return;
      }
      if (submission.hashes.length === 0) {
        setState({ ...IDLE, error: MESSAGES.noHashes });
        return;
      }
      let sign;
      try {
        sign = psbtSignerOf(submission.wallet, page);
      } catch (failure) {
        setState({ ...IDLE, error: failure instanceof SigningError ? failure.message : MESSAGES.signingFailed });
        return;
      }
      const { created } = submission;
      if (created.kind === 'signedOut') {
        // The session is over: the sign-in panel opens, and the dialog again after a new sign-in.
        dispatch(logOut());
        dispatch(openBuy());
        return;
      }
      if (created.kind === 'failed') {
        setState({ ...IDLE, error: created.message });
        return;
      }
      if (created.kind === 'refused') {
        dispatch(removeFromCart(created.failures.map((failure) => failure.tx_hash)));
        onRefused(created.failures.map((failure) => failureLine(failure, names)).join('\n'));
        return;
      }
      const notices = created.failures.map((failure) => failureLine(failure, names));
      if (created.failures.length > 0) {
        dispatch(removeFromCart(created.failures.map((failure) => failure.tx_hash)));
      }
      setState({ ...IDLE, notices });
      const { transactions } = created.build;
      const report = await signAndSend(transactions, sign, broadcast, 'buy');
      const bought = transactions.slice(0, report.sent).flatMap((transaction) => transaction.hashes);
      if (report.error !== null) {
        if (report.txids.length > 0) {
          // What was sent stays sent: it is shown, and its listings leave the cart.
          onSent(report.txids, [...notices, report.error]);
          dispatch(removeFromCart(bought));
        }
        setState({ ...IDLE, notices, error: report.error });
        return;
      }
      const failed = new Set(created.failures.map((failure) => failure.tx_hash));
      const hashes = bought.length > 0 ? bought : submission.hashes.filter((hash) => !failed.has(hash));
      setState(IDLE);
      onSent(report.txids, notices);
      dispatch(removeFromCart(hashes));
    },
    [broadcast, dispatch, names, onRefused, onSent, page],
  );

  return { ...state, submit };
}
