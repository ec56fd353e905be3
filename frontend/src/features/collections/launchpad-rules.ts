import { paths } from '@/config/paths';
import { isInside, readRange, type Collection, type TimeRange } from '@/lib/collection';

export { isInside, quantityPerMint, readRange } from '@/lib/collection';

/** Countdowns show days only beyond 36 hours (spec), else hh:mm:ss. */
export const DAYS_AFTER_MS = 36 * 3600 * 1000;

/** The preview rotates 4 images per second (spec). */
export const PREVIEW_FRAME_MS = 250;

/** A launchpad's public mint: before its start, open, or closed after its end. */
export type MintPhase = 'upcoming' | 'open' | 'closed';

/** The public mint's phase at `now` (unix ms): the start is inside the mint, the end is not. */
export function mintPhase(range: TimeRange, now: number): MintPhase {
  if (now < range[0]) return 'upcoming';
  if (now < range[1]) return 'open';
  return 'closed';
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * A duration for a countdown (spec): in days beyond 36 hours ("3 days", rounded), otherwise hh:mm:ss ("35:59:59"),
 * counted in whole seconds, never negative.
 */
export function formatCountdown(ms: number): string {
  const duration = Math.max(0, ms);
  if (duration > DAYS_AFTER_MS) return `${String(Math.round(duration / 86_400_000))} days`;
  const seconds = Math.floor(duration / 1000);
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/** The countdown's texts at `now`: the timer (its label and duration) and the public phase's line. */
export type MintTimer = { phase: MintPhase; label: string; time: string; line: string };

/**
 * The launchpad's timer (spec): 'Mint Starts in' before the start, 'Mint Open for' until the end, 'Mint Closed
 * ... ago' after it; the public phase reads 'Start in ...', 'End in ...' or 'Public mint is closed'.
 */
export function mintTimer(range: TimeRange, now: number): MintTimer {
  const phase = mintPhase(range, now);
  if (phase === 'upcoming') {
    const time = formatCountdown(range[0] - now);
    return { phase, label: 'Mint Starts in', time, line: `Start in ${time}` };
  }
  if (phase === 'open') {
    const time = formatCountdown(range[1] - now);
    return { phase, label: 'Mint Open for', time, line: `End in ${time}` };
  }
  return { phase, label: 'Mint Closed', time: `${formatCountdown(now - range[1])} ago`, line: 'Public mint is closed' };
}

/** The public mint's phase and its line, for a launchpad listed among others. */
export type PublicMint = Pick<MintTimer, 'phase' | 'line'>;

/**
 * A launchpad's public mint at `now`: its phase and the line 'Start in ...', 'End in ...' or 'Public mint is closed'
 * (spec). A launchpad without a public mint reads as closed, as its mint button does.
 */
export function publicMint(collection: Pick<Collection, 'public_mint'>, now: number): PublicMint {
  const range = readRange(collection.public_mint);
  if (!range) return { phase: 'closed', line: 'Public mint is closed' };
  const { phase, line } = mintTimer(range, now);
  return { phase, line };
}

/** 'FREE only for ...' while inside the free-mint range (spec), else null. */
export function freeMintText(range: TimeRange | null, now: number): string | null {
  if (!range || !isInside(range, now)) return null;
  return `FREE only for ${formatCountdown(range[1] - now)}`;
}

/** A top minter's address as shown: shortened when longer than 20 characters (spec). */
export const MINTER_SHORTEN_AFTER = 20;

/** What a whitelist item is: a stamp (by cpid), a collection (by id) or an SRC-20 token (by tick). */
export type WhitelistItemType = 'stamp' | 'collection' | 'token';

/** A holdable item of a whitelist group: holding `quantity` of it (or more) counts. */
export type WhitelistItem = { type: WhitelistItemType; id: string; quantity: number };

/** A whitelist round: when it runs, its fee per mint (satoshis; 0 is free), its limits and who qualifies. */
export type WhitelistRound = {
  timeRange: TimeRange;
  fee: number;
  limit: number;
  limitPerHold: number;
  /** Groups of items: holding every item of any one group qualifies. */
  groups: WhitelistItem[][];
};

const WHITELIST_ITEM_TYPES: readonly WhitelistItemType[] = ['stamp', 'collection', 'token'];

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function count(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : fallback;
}

function readWhitelistItem(value: unknown): WhitelistItem | null {
  const item = record(value);
  const type = WHITELIST_ITEM_TYPES.find((candidate) => candidate === item?.type);
  const id = item?.id;
  if (!type || typeof id !== 'string' || id.trim() === '') return null;
  return { type, id, quantity: Math.max(1, count(item?.quantity, 1)) };
}

/**
 * A launchpad's whitelist rounds (`white_list_config`) read defensively: a round needs its time range; unknown item
 * types and empty groups are left out, and a round without any group is dropped.
 */
export function readWhitelist(value: unknown): WhitelistRound[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw: unknown) => {
    const round = record(raw);
    const timeRange = readRange(round?.time_range);
    if (!round || !timeRange) return [];
    const groups = (Array.isArray(round.groups) ? round.groups : [])
      .map((group: unknown) =>
        (Array.isArray(group) ? group : [])
          .map(readWhitelistItem)
          .filter((item): item is WhitelistItem => item !== null),
      )
      .filter((group) => group.length > 0);
    if (groups.length === 0) return [];
    return [
      {
        timeRange,
        fee: count(round.fee, 0),
        limit: count(round.limit, 0),
        limitPerHold: count(round.limit_per_hold, 0),
        groups,
      },
    ];
  });
}

/**
 * Where a whitelist item links by its type (spec): a stamp to its page (/stamp/{id}, /asset/{id} on the XCP site),
 * a collection to /collection/{id}, a token to /src20/tick/{id}.
 */
export function whitelistItemHref(
  item: Pick<WhitelistItem, 'type' | 'id'>,
  stampHref: (cpid: string) => string,
): string {
  if (item.type === 'collection') return paths.collection.getHref(item.id);
  if (item.type === 'token') return paths.src20Tick.getHref(item.id);
  return stampHref(item.id);
}

/** A whitelist round's state at `now` (unix ms), as the public mint's phases. */
export function whitelistPhase(round: Pick<WhitelistRound, 'timeRange'>, now: number): MintPhase {
  return mintPhase(round.timeRange, now);
}

/** The launchpad's mint button (catalogue: 'Launchpad mint page'). */
export type MintButton = { label: 'Mint Closed' | 'Preview' | 'Free Mint' | 'Mint Now'; disabled: boolean };

/**
 * The mint button at `now` (unix ms): 'Mint Closed' once the public mint has ended (or when it has no public mint),
 * 'Preview' before its start, then 'Free Mint' for a launchpad without a fee or inside the free-mint window, else
 * 'Mint Now'. Disabled unless the public mint is open, and while there is nothing to preview (`ready` false: no
 * preview samples of a layered launchpad, the goose's data not loaded).
 */
export function mintButton(
  collection: Pick<Collection, 'public_mint' | 'free_mint' | 'fee'>,
  now: number,
  ready: boolean,
): MintButton {
  const range = readRange(collection.public_mint);
  const phase = range ? mintPhase(range, now) : 'closed';
  const disabled = phase !== 'open' || !ready;
  if (phase === 'closed') return { label: 'Mint Closed', disabled };
  if (phase === 'upcoming') return { label: 'Preview', disabled };
  const free = !collection.fee || isInside(readRange(collection.free_mint), now);
  return { label: free ? 'Free Mint' : 'Mint Now', disabled };
}
