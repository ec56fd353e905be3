import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { MESSAGES } from './messages';
import type { BuildResult, BuiltTransaction, InputToSign, ItemFailure } from './types';

type QueryError = FetchBaseQueryError | SerializedError | undefined;

/** What a create call came to (spec §8). */
export type CreateOutcome =
  /** A PSBT to sign; `failures` are the listings left out ('some items fail'). */
  | { kind: 'built'; build: BuildResult; failures: ItemFailure[] }
  /** Nothing built because every listing failed: the dialog closes with `failures` joined. */
  | { kind: 'refused'; failures: ItemFailure[] }
  /** Nothing built, for `message`. */
  | { kind: 'failed'; message: string }
  /** The server no longer knows the session. */
  | { kind: 'signedOut' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `errors` list of an answer, its well-formed entries. */
export function parseFailures(value: unknown): ItemFailure[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) =>
    isRecord(entry) && typeof entry.tx_hash === 'string' && typeof entry.error === 'string'
      ? [{ tx_hash: entry.tx_hash, error: entry.error }]
      : [],
  );
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

function parseBuild(value: unknown): BuildResult | null {
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
    hashes: parseHashes(value.hashes),
    transactions,
  };
}

/** Whether a call failed before any answer (spec: 'API Error'). */
function isNetworkFailure(error: QueryError): boolean {
  return Boolean(error && 'status' in error && (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR'));
}

/** A create call's answer, read as the spec's error catalogue says. */
export function createOutcome(result: { data: unknown } | { error: QueryError }): CreateOutcome {
  if ('error' in result) {
    const { error } = result;
    if (isNetworkFailure(error)) return { kind: 'failed', message: MESSAGES.apiError };
    if (errorStatus(error) === 401) return { kind: 'signedOut' };
    const data: unknown = error && 'data' in error ? error.data : undefined;
    const failures = isRecord(data) ? parseFailures(data.errors) : [];
    if (failures.length > 0) return { kind: 'refused', failures };
    return { kind: 'failed', message: errorMessage(error) || GENERIC_ERROR };
  }
  const answer = result.data;
  const build = isRecord(answer) ? parseBuild(answer.result) : null;
  if (!build) {
    const message = isRecord(answer) && typeof answer.error === 'string' && answer.error ? answer.error : GENERIC_ERROR;
    return { kind: 'failed', message };
  }
  return { kind: 'built', build, failures: isRecord(answer) ? parseFailures(answer.errors) : [] };
}

/** What a broadcast came to: the txids, or the message to show. */
export type BroadcastOutcome = { kind: 'sent'; txids: string[] } | { kind: 'failed'; message: string };

/**
 * A broadcast's answer (spec §8): the node's reason as the server gives it; 'Error broadcasting transaction' for an
 * empty result or one with a false entry; 'API Error' without an answer.
 */
export function broadcastOutcome(result: { data: unknown } | { error: QueryError }): BroadcastOutcome {
  if ('error' in result) {
    if (isNetworkFailure(result.error)) return { kind: 'failed', message: MESSAGES.apiError };
    return { kind: 'failed', message: errorMessage(result.error) || MESSAGES.broadcastFailed };
  }
  const answer = result.data;
  const txids: unknown = isRecord(answer) ? answer.result : undefined;
  if (!Array.isArray(txids) || txids.length === 0 || txids.some((txid) => typeof txid !== 'string' || !txid)) {
    const message = isRecord(answer) && typeof answer.error === 'string' && answer.error ? answer.error : undefined;
    return { kind: 'failed', message: message ?? MESSAGES.broadcastFailed };
  }
  return { kind: 'sent', txids: txids as string[] };
}

/** A failure line: the listing's name (its cpid when known) and the server's reason. */
export function failureLine(failure: ItemFailure, names: ReadonlyMap<string, string>): string {
  return `${names.get(failure.tx_hash) ?? failure.tx_hash}: ${failure.error}`;
}
