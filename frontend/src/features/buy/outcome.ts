import {
  isRecord,
  readCreateAnswer,
  type BuildResult,
  type CallResult,
  type CreateAnswer,
} from '@/lib/wallet/transaction';
import type { ItemFailure } from './types';

/** What a buy's create call came to (spec §8). */
export type CreateOutcome =
  /** A PSBT to sign; `failures` are the listings left out ('some items fail'). */
  | { kind: 'built'; build: BuildResult; failures: ItemFailure[] }
  /** Nothing built because every listing failed: the dialog closes with `failures` joined. */
  | { kind: 'refused'; failures: ItemFailure[] }
  /** Nothing built, for `message`. */
  | { kind: 'failed'; message: string }
  /** The server no longer knows the session. */
  | { kind: 'signedOut' };

/** The `errors` list of an answer, its well-formed entries. */
export function parseFailures(value: unknown): ItemFailure[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) =>
    isRecord(entry) && typeof entry.tx_hash === 'string' && typeof entry.error === 'string'
      ? [{ tx_hash: entry.tx_hash, error: entry.error }]
      : [],
  );
}

/**
 * The buy's create answer: the wallet API's reading of any create call, with the listings the server left out
 * (`errors`): beside a build they are the items that fail; without one they refuse the whole purchase.
 */
export function createOutcome(result: CallResult): CreateOutcome {
  return outcomeOf(readCreateAnswer(result));
}

/** What a create answer, already read, comes to for a purchase (see [`createOutcome`]). */
export function outcomeOf(answer: CreateAnswer): CreateOutcome {
  if (answer.kind === 'signedOut') return answer;
  const failures = isRecord(answer.data) ? parseFailures(answer.data.errors) : [];
  if (answer.kind === 'built') return { kind: 'built', build: answer.build, failures };
  if (failures.length > 0) return { kind: 'refused', failures };
  return { kind: 'failed', message: answer.message };
}

/** A failure line: the listing's name (its cpid when known) and the server's reason. */
export function failureLine(failure: ItemFailure, names: ReadonlyMap<string, string>): string {
  return `${names.get(failure.tx_hash) ?? failure.tx_hash}: ${failure.error}`;
}
