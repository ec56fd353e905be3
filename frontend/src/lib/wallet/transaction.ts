import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { WALLET_MESSAGES } from './messages';
import { SigningError, type PsbtSigner } from './psbt-wallets';

/**
 * What every create call of the wallet API answers (buy and the mints alike) and what the dialogs do with it: sign
 * each PSBT with the signed-in wallet, then broadcast them in order.
 */

/** An input the wallet signs: its index in the PSBT and the address whose key signs it. */
export type InputToSign = { index: number; address: string };

/** One transaction of a build: the PSBT to sign and the listings it buys from (none for a mint). */
export type BuiltTransaction = { txHex: string; inputsToSign: InputToSign[]; hashes: string[] };

/**
 * What a create call built: the first PSBT and what it pays in all, and every transaction to sign and send in order.
 * For a mint `walletFee` is the service fee and `royalties` the launchpad owner's fee or the SRC-20 deployer's
 * royalty.
 */
export type BuildResult = {
  /** The unsigned PSBT, hex. */
  txHex: string;
  inputsToSign: InputToSign[];
  fee: number;
  vsize: number;
  walletFee: number;
  royalties: number;
  /** What every transaction costs the buyer together (its inputs less what comes back to it), as the server read it
   * off the PSBTs: the total a dialog shows. */
  total: number;
  /** The listings a purchase buys from. */
  hashes: string[];
  transactions: BuiltTransaction[];
};

export type QueryError = FetchBaseQueryError | SerializedError | undefined;

/** A call's result as RTK Query hands it over. */
export type CallResult = { data: unknown } | { error: QueryError };

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseInputs(value: unknown): InputToSign[] {
  const inputs = Array.isArray(value) ? value : [];
  return inputs.flatMap((input: unknown) =>
    isRecord(input) && typeof input.index === 'number' && typeof input.address === 'string'
      ? [{ index: input.index, address: input.address }]
      : [],
  );
}

function parseHashes(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((hash): hash is string => typeof hash === 'string') : [];
}

function parseTransaction(value: unknown): BuiltTransaction | null {
  if (!isRecord(value) || typeof value.txHex !== 'string' || !value.txHex) return null;
  return { txHex: value.txHex, inputsToSign: parseInputs(value.inputsToSign), hashes: parseHashes(value.hashes) };
}

/** A create answer's `result` read defensively; null without a PSBT. */
export function parseBuild(value: unknown): BuildResult | null {
  const first = parseTransaction(value);
  if (!isRecord(value) || !first) return null;
  const number = (field: unknown) => (typeof field === 'number' && Number.isFinite(field) ? field : 0);
  const listed = Array.isArray(value.psbts) ? value.psbts.map(parseTransaction) : [];
  const transactions = listed.length > 0 && listed.every(Boolean) ? (listed as BuiltTransaction[]) : [first];
  return {
    txHex: first.txHex,
    inputsToSign: first.inputsToSign,
    fee: number(value.fee),
    vsize: number(value.vsize),
    walletFee: number(value.walletFee),
    royalties: number(value.royalties),
    total: number(value.total),
    hashes: parseHashes(value.hashes),
    transactions,
  };
}

/** Whether a call failed before any answer (spec: 'API Error'). */
export function isNetworkFailure(error: QueryError): boolean {
  return Boolean(error && 'status' in error && (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR'));
}

/** What a create call came to (spec §8). `data` is the answer's body, for what a caller reads beyond the build. */
export type CreateAnswer =
  | { kind: 'built'; build: BuildResult; data: unknown }
  /** Nothing built, for `message`. */
  | { kind: 'failed'; message: string; data: unknown }
  /** The server no longer knows the session. */
  | { kind: 'signedOut' };

/**
 * A create call's answer, read as the spec's error catalogue says: the PSBTs to sign; 'API Error' without an answer;
 * the server's error text, else 'An error occurred'; a sign-out on 401.
 */
export function readCreateAnswer(result: CallResult): CreateAnswer {
  if ('error' in result) {
    const { error } = result;
    const data: unknown = error && 'data' in error ? error.data : undefined;
    if (isNetworkFailure(error)) return { kind: 'failed', message: WALLET_MESSAGES.apiError, data };
    if (errorStatus(error) === 401) return { kind: 'signedOut' };
    return { kind: 'failed', message: errorMessage(error) || GENERIC_ERROR, data };
  }
  const answer = result.data;
  const build = isRecord(answer) ? parseBuild(answer.result) : null;
  if (!build) {
    const message = isRecord(answer) && typeof answer.error === 'string' && answer.error ? answer.error : GENERIC_ERROR;
    return { kind: 'failed', message, data: answer };
  }
  return { kind: 'built', build, data: answer };
}

/** What a broadcast came to: the txids, or the message to show. */
export type BroadcastOutcome = { kind: 'sent'; txids: string[] } | { kind: 'failed'; message: string };

/**
 * A broadcast's answer (spec §8): the node's reason as the server gives it; 'Error broadcasting transaction' for an
 * empty result or one with a false entry; 'API Error' without an answer.
 */
export function broadcastOutcome(result: CallResult): BroadcastOutcome {
  if ('error' in result) {
    if (isNetworkFailure(result.error)) return { kind: 'failed', message: WALLET_MESSAGES.apiError };
    return { kind: 'failed', message: errorMessage(result.error) || WALLET_MESSAGES.broadcastFailed };
  }
  const answer = result.data;
  const txids: unknown = isRecord(answer) ? answer.result : undefined;
  if (!Array.isArray(txids) || txids.length === 0 || txids.some((txid) => typeof txid !== 'string' || !txid)) {
    const message = isRecord(answer) && typeof answer.error === 'string' && answer.error ? answer.error : undefined;
    return { kind: 'failed', message: message ?? WALLET_MESSAGES.broadcastFailed };
  }
  return { kind: 'sent', txids: txids as string[] };
}

/** The body of `POST /api/wallet/broadcast`. */
export type BroadcastBody = { txHex: string; info: string; isPsbt: true };

/**
 * Where sending a build stopped: the txids broadcast, how many of its transactions were sent (in order), and the
 * failure to show (null when all were sent).
 */
export type SendReport = { txids: string[]; sent: number; error: string | null };

/**
 * Signs every transaction of a build with the wallet (one prompt each), then broadcasts them in order, `info` saying
 * what they are: a later one may spend the change of an earlier one. Nothing is sent when a signature fails; a
 * failed broadcast stops the rest, and what was sent stays sent (the report says how far it got).
 */
export async function signAndSend(
  transactions: readonly BuiltTransaction[],
  sign: PsbtSigner,
  broadcast: (body: BroadcastBody) => Promise<CallResult>,
  info: string,
): Promise<SendReport> {
  const signed: string[] = [];
  try {
    for (const transaction of transactions) signed.push(await sign(transaction.txHex, transaction.inputsToSign));
  } catch (failure) {
    const error = failure instanceof SigningError ? failure.message : WALLET_MESSAGES.signingFailed;
    return { txids: [], sent: 0, error };
  }
  const txids: string[] = [];
  for (const [index, txHex] of signed.entries()) {
    const outcome = broadcastOutcome(await broadcast({ txHex, info, isPsbt: true }));
    if (outcome.kind === 'failed') return { txids, sent: index, error: outcome.message };
    txids.push(...outcome.txids);
  }
  return { txids, sent: signed.length, error: null };
}
