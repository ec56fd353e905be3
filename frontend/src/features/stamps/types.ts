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
>;

/** A page of a list endpoint; `estimatedTotalHits` is the exact total. */
export type Paged<T> = {
  hits: T[];
  estimatedTotalHits: number;
  offset: number;
  limit: number;
};

/** Arguments of a stamp search: `q` empty lists every stamp, newest first. */
export type StampSearchArgs = {
  q: string;
  offset: number;
  limit: number;
};
