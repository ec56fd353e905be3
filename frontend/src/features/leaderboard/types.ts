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

/** An asset of an XCP collector's card: its image, null when it has none. */
export type XcpCollectorAsset = { cpid: string; url: string | null };

/**
 * A holder of Counterparty assets (XCP aside) of `GET /api/xcp/leaderboard`, the XCP site's ranking; valuations are
 * integer satoshis, as the Stamps ranking's.
 */
export type XcpCollector = {
  rank: number;
  /** The address (the profile's id). */
  user_id: string;
  display_name: string | null;
  /** Assets held. */
  xcp_count: number;
  /** Assets created. */
  xcp_created_count: number;
  /** Assets destroyed. */
  xcp_destroyed_count: number;
  /** A few assets held (cpids). */
  xcp_ids: string[];
  /** A few assets destroyed (cpids). */
  xcp_destruction_ids: string[];
  /** The assets held at their floor prices. */
  floor_valuation: number;
  /** The assets held at their last sale prices. */
  last_sale_valuation: number;
  /** The assets destroyed at their prices. */
  destruction_valuation: number;
  /** The assets of `xcp_ids`, with their images. */
  stamps: XcpCollectorAsset[];
  /** The assets of `xcp_destruction_ids`, with their images. */
  destroyed_stamps: XcpCollectorAsset[];
};

/** A page of the XCP ranking; `estimatedTotalHits` is the exact total. */
export type XcpCollectorPage = {
  hits: XcpCollector[];
  estimatedTotalHits: number;
  offset: number;
  limit: number;
};
