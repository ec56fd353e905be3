/**
 * The collection entity, shared by the features that show collections (the collections pages, and the home page's
 * curated lists). The collections feature re-exports it.
 */

/** A volume over a period, in satoshis, with its variation in percent against the previous period (null: none). */
export type PeriodVolume = { volume: number; variation: number | null };

/** A collection as `GET /api/collections` and `GET /api/collection/{id}` return it. */
export type Collection = {
  collection_id: string;
  name: string;
  type: 'src721' | 'other';
  /** The creator; the special values XCP and COMMUNITY are not profiles. */
  user_id: string;
  twitter: string;
  website: string;
  description: string;
  /** A cpid, or '' when there is none. */
  icon_id: string;
  is_launchpad: boolean;
  stamp_count: number;
  collector_count: number;
  /** The first 12 cpids. */
  stamp_ids: string[];
  /** Their /s/{cpid} URLs. */
  stamp_images: string[];
  lowest_stamp_number: number;
  highest_stamp_number: number;
  /** Unix seconds. */
  lowest_timestamp: number;
  highest_timestamp: number;
  /** Satoshis, or null when nothing is on sale. */
  floor_price: number | null;
  /** Satoshis. */
  total_volume: number;
  day_volume: PeriodVolume | null;
  week_volume: PeriodVolume | null;
  month_volume: PeriodVolume | null;
  /** Satoshis, or null. */
  market_cap: number | null;
} & LaunchpadTerms;

/** A time range in unix milliseconds: [start, end]. */
export type TimeRange = [number, number];

/** A launchpad collection's curated terms (its card carries them; other collections have none). */
export type LaunchpadTerms = {
  /** How many stamps the launchpad mints at most. */
  max?: number | null;
  /** Stamps per mint (locked). */
  quantity_per_mint?: number | null;
  /** Satoshis per mint; 0 is a free mint. */
  fee?: number | null;
  public_mint?: TimeRange | null;
  /** While inside it, minting is free. */
  free_mint?: TimeRange | null;
  white_list_config?: unknown[] | null;
};

/** A time range read defensively: two finite numbers, start first; null otherwise. */
export function readRange(value: unknown): TimeRange | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [start, end] = value as unknown[];
  if (typeof start !== 'number' || typeof end !== 'number' || !Number.isFinite(start) || !Number.isFinite(end))
    return null;
  return start <= end ? [start, end] : null;
}

/** Whether `now` is inside a range (its start included, its end not). */
export function isInside(range: TimeRange | null, now: number): boolean {
  return range !== null && now >= range[0] && now < range[1];
}

/** A launchpad's locked quantity per mint: 1 by default. */
export function mintQuantityOf(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 1;
}

/** The locked quantity per mint, shown n/n (spec; 1 by default). */
export function quantityPerMint(value: number | null | undefined): string {
  const quantity = mintQuantityOf(value);
  return `${String(quantity)}/${String(quantity)}`;
}
