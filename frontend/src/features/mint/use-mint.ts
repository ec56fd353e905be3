import { useCallback, useState } from 'react';
import { openMint, useMintDispatch, type MintRequest } from '@/lib/mint-request';
import { logOut } from '@/lib/session';
import { useBroadcastMutation } from '@/lib/wallet/api';
import { WALLET_MESSAGES } from '@/lib/wallet/messages';
import { psbtSignerOf, SigningError, type PsbtWindow, type SigningWallet } from '@/lib/wallet/psbt-wallets';
import { signAndSend, type CreateAnswer } from '@/lib/wallet/transaction';

/** Where a mint stands: the transactions sent (null before), and the failure to show. */
export type MintState = { txids: string[] | null; error: string | null };

const IDLE: MintState = { txids: null, error: null };

/**
 * A mint dialog's work (spec §4, §8): the server built the PSBTs (the dialog's quote, the answer of `create`), the
 * signed-in wallet signs each, and they are broadcast in order, named by the request's action. A 401 ends the session
 * and the sign-in panel opens, the dialog following a new sign-in. When a later transaction fails after an earlier
 * one was sent, both the sent ones and the failure show.
 */
export function useMint(request: MintRequest, wallet: SigningWallet, page: PsbtWindow) {
  const dispatch = useMintDispatch();
  const [broadcast] = useBroadcastMutation();
  const [state, setState] = useState<MintState>(IDLE);

  const submit = useCallback(
    async (source: string, created: CreateAnswer) => {
      setState(IDLE);
      if (!source) {
        setState({ ...IDLE, error: WALLET_MESSAGES.sourceRequired });
        return;
      }
      let sign;
      try {
        sign = psbtSignerOf(wallet, page);
      } catch (failure) {
        const error = failure instanceof SigningError ? failure.message : WALLET_MESSAGES.signingFailed;
        setState({ ...IDLE, error });
        return;
      }
      if (created.kind === 'signedOut') {
        dispatch(logOut());
        dispatch(openMint(request));
        return;
      }
      if (created.kind === 'failed') {
        setState({ ...IDLE, error: created.message });
        return;
      }
      const report = await signAndSend(created.build.transactions, sign, broadcast, request.action);
      setState({ txids: report.txids.length > 0 ? report.txids : null, error: report.error });
    },
    [broadcast, dispatch, page, request, wallet],
  );

  return { ...state, submit };
}
