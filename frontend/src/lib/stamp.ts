/** The stamp entity, shared by the features that show stamps (stamps, XCP assets, SRC-721, /feat). */

/** A stamp as `GET /api/stamp/{cpid}` returns it. */
export type StampDetail = {
  cpid: string;
  stamp: number;
  block_index: number;
  /** Unix seconds. */
  block_time: number;
  tx_hash: string;
  creator: string;
  /** An exact integer, in units of 1e-8 when `divisible`. */
  supply: string;
  divisible: boolean;
  locked: boolean;
  keyburn: boolean | null;
  ident: string;
  is_cursed: boolean;
  stamp_mimetype: string | null;
  /** Same-origin path of the stamp's file, `/s/{cpid}`. */
  stamp_url: string;
  file_size: number | null;
  stamp_hash: string;
};

/** One hit of `GET /api/search`. */
export type StampHit = Pick<
  StampDetail,
  'cpid' | 'stamp' | 'stamp_url' | 'stamp_mimetype' | 'ident' | 'creator' | 'block_index' | 'supply' | 'is_cursed'
> &
  StampListFields;

/**
 * What stamp lists (`/api/search`, the profile lists) carry besides the issuance; optional because other lists
 * give less. Prices are integer satoshis per whole unit; quantities exact integer strings in base units.
 */
export type StampListFields = {
  asset_longname?: string | null;
  divisible?: boolean;
  locked?: boolean;
  keyburn?: boolean | null;
  /** multisig, olga or op_return. */
  encoding?: string;
  /** png, gif, svg, jpeg, html, bmn, ... */
  file_suffix?: string;
  floor_price?: number | null;
  /** The cheapest buyable dispenser's txid. */
  on_sale?: string | null;
  last_sale_price?: number | null;
  /** Satoshis paid in every sale. */
  total_volume?: number;
  dividend_count?: number;
  /** Destroyed, base units. */
  destructions?: string;
};

/** A page of a list endpoint; `estimatedTotalHits` is the exact total. */
export type Paged<T> = {
  hits: T[];
  estimatedTotalHits: number;
  offset: number;
  limit: number;
};
