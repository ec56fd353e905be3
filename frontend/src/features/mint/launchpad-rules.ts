import { isInside, readRange, type Collection } from '@/lib/collection';

/** Shown when a mint-launchpad request comes without its collection's data (spec §2). */
export const MISSING_COLLECTION = 'Missing collection data...';

/** The whitelist check's texts (catalogue §8, site spec §4). */
export const WHITELIST_TEXTS = {
  checking: 'Checking...',
  error: "Couldn't check, try again later...",
  notEligible: 'You are not eligible for any discount.',
  eligible: 'You are eligible for whitelist mint.',
} as const;

/** The whitelist is checked only for an address longer than this (spec §5). */
export const WHITELIST_ADDRESS_MIN = 26;

/** Whether to check the whitelist: a collection id and an address longer than 26 characters. */
export function shouldCheckWhitelist(collectionId: string, address: string): boolean {
  return collectionId !== '' && address.trim().length > WHITELIST_ADDRESS_MIN;
}

/** The whitelist check's state (spec §4). */
export type WhitelistStatus =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'error' }
  | { state: 'notEligible' }
  /** Listed in `rounds` (indexes of `white_list_config`); may mint `max`, has minted `minted`. */
  | { state: 'eligible'; rounds: number[]; max: number; minted: number };

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

/** The rounds a whitelist `result` lists (a number or a list; -1 is none); null when it is unreadable. */
export function listedRounds(result: unknown): number[] | null {
  const values: unknown[] | null = Array.isArray(result) ? result : typeof result === 'number' ? [result] : null;
  if (!values || !values.every((value) => typeof value === 'number' && Number.isSafeInteger(value))) return null;
  return (values as number[]).filter((value) => value >= 0);
}

/**
 * The check's state: idle while it is not asked (no collection, an address of 26 characters or fewer); 'Checking...'
 * until the answer; an error for a failed call, an answer with an error or an unreadable one; not eligible when it
 * lists no round (-1); eligible otherwise.
 */
export function whitelistStatus(
  asked: boolean,
  answer: { data?: unknown; isError: boolean; isFetching: boolean },
): WhitelistStatus {
  if (!asked) return { state: 'idle' };
  if (answer.isError) return { state: 'error' };
  const data = record(answer.data);
  if (!data) return { state: answer.isFetching ? 'checking' : 'error' };
  if (typeof data.error === 'string' && data.error !== '') return { state: 'error' };
  const rounds = listedRounds(data.result);
  if (rounds === null) return { state: 'error' };
  if (rounds.length === 0) return { state: 'notEligible' };
  return { state: 'eligible', rounds, max: count(data.max), minted: count(data.minted) };
}

/**
 * The whitelist fee in force for rounds an address is listed in, at `now` (ms): the lowest fee of those rounds of
 * `white_list_config` running now; null when none runs (the public terms apply).
 */
export function whitelistFee(config: unknown, rounds: readonly number[], now: number): number | null {
  if (!Array.isArray(config)) return null;
  const fees = rounds.flatMap((index) => {
    const round = record(config[index]);
    if (!round || !isInside(readRange(round.time_range), now)) return [];
    return typeof round.fee === 'number' && Number.isSafeInteger(round.fee) && round.fee >= 0 ? [round.fee] : [];
  });
  return fees.length > 0 ? Math.min(...fees) : null;
}

/** The owner's fee per mint in force, and whether it is a whitelist round's fee of zero. */
export type OwnerFee = { ownerFee: number; freeWhitelist: boolean };

/**
 * The owner's fee of a mint at `now`: the whitelist round's when one is in force for the minter, else nothing inside
 * the free-mint window or for a launchpad without a fee, else the launchpad's fee.
 */
export function ownerFeeOf(collection: Collection, now: number, whitelist: number | null): OwnerFee {
  if (whitelist !== null) return { ownerFee: whitelist, freeWhitelist: whitelist === 0 };
  const fee = typeof collection.fee === 'number' && collection.fee > 0 ? collection.fee : 0;
  if (isInside(readRange(collection.free_mint), now)) return { ownerFee: 0, freeWhitelist: false };
  return { ownerFee: fee, freeWhitelist: false };
}

/** The collection to mint from, or null when missing ('Missing collection data...'). */
export function launchpadMintOf(collection: Collection | null): Collection | null {
  return collection && collection.collection_id ? collection : null;
}
