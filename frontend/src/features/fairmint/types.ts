/**
 * A fairminter card of `GET /api/fairminter/search`: quantities are exact integer strings in base units (divided by
 * 1e8 for display when `divisible`), times unix seconds, `progress` the percent of the hard cap issued (premint
 * included) as a decimal string.
 */
export type FairminterCard = {
  cpid: string;
  asset_longname: string | null;
  tx_hash: string;
  /** open, closed, pending, ... */
  status: string;
  /** The creator's address. */
  source: string;
  divisible: boolean;
  timestamp: number;
  last_mint: number | null;
  minted_count: number;
  minters_count: number;
  holders_count: number;
  start_block: number;
  end_block: number;
  price: string;
  quantity_by_price: string;
  hard_cap: string;
  premint_quantity: string;
  max_mint_per_tx: string;
  earned_quantity: string;
  progress: string;
  /**
   * The stamp's image (`/s/{cpid}`) when the asset is a stamp, else the picture of its enhanced asset information
   * (`/api/asset/{cpid}/image`) when it has that information; null otherwise.
   */
  image: string | null;
};

/** A page of fairminters; `estimatedTotalHits` is the exact total. */
export type FairminterPage = {
  hits: FairminterCard[];
  estimatedTotalHits: number;
  offset: number;
  limit: number;
};
