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
};

/** A page of a list endpoint; `estimatedTotalHits` is the total. */
export type Paged<T> = { hits: T[]; estimatedTotalHits: number; offset: number; limit: number };

/** A stamp as a collector or burned entry lists it. */
export type StampThumb = { cpid: string; url: string };

/** One entry of `GET /api/collection/{id}/collectors`. */
export type Collector = {
  rank: number;
  address: string;
  user_id: string | null;
  display_name: string | null;
  stamp_count: number;
  stamps: StampThumb[];
};

/** One entry of `GET /api/collection/{id}/burned`: the first 10 destroyed stamps. */
export type Burner = {
  rank: number;
  address: string;
  user_id: string | null;
  display_name: string | null;
  destroyed_count: number;
  stamps: StampThumb[];
};

/** A stamp of a collection, as the finder (`GET /api/search?collection=`) lists it. */
export type CollectionStamp = {
  cpid: string;
  stamp: number;
  stamp_url: string;
  stamp_mimetype: string | null;
  ident: string;
  creator: string;
  block_index: number;
  supply: string;
  is_cursed: boolean;
};
