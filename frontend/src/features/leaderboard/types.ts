/** A collector of `GET /api/leaderboard`; valuations are integer satoshis. */
export type Collector = {
  rank: number;
  /** The address (the profile's id). */
  user_id: string;
  display_name: string | null;
  stamp_count: number;
  stamp_created_count: number;
  floor_valuation: number;
  last_sale_valuation: number;
  destroyed_count: number;
  destruction_valuation: number;
  /** A few stamps held. */
  stamps: { cpid: string; url: string }[];
};

/** A page of collectors; `estimatedTotalHits` is the exact total. */
export type CollectorPage = {
  hits: Collector[];
  estimatedTotalHits: number;
  offset: number;
  limit: number;
};
