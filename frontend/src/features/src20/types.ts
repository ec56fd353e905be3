/** The operations an SRC-20 item can be, as the API spells them. */
export type Src20Op = 'DEPLOY' | 'MINT' | 'TRANSFER';

/**
 * One SRC-20 operation as `/api/src20/search` and `/api/src20/tick/{tick}/history` return it. Amounts are exact
 * decimal strings. The figures (`max` ... `progress`) are present only on a valid deploy.
 */
export type Src20Item = {
  tick: string;
  /** One of `Src20Op`. */
  op: string;
  amount: string | null;
  creator: string;
  destination: string | null;
  blockIndex: number;
  /** Unix seconds. */
  timestamp: number;
  stamp: number | null;
  cpid: string | null;
  hostedUrl: string | null;
  txHash: string;
  isInvalid: boolean;
  status: string;
  max?: string | null;
  limit?: string | null;
  decimals?: number | null;
  minted?: string | null;
  mintedCount?: number | null;
  mintersCount?: number | null;
  holdersCount?: number | null;
  /** Percent of the max minted, a decimal string such as "42.50". */
  progress?: string | null;
  /** The deployer's royalty per mint in satoshis, when the deploy set one. */
  royalties?: number | null;
};

/** A page of SRC-20 operations; `estimatedTotalHits` is the exact total. */
export type Src20Page = {
  hits: Src20Item[];
  estimatedTotalHits: number;
  offset: number;
  limit: number;
};

/** One of a tick's largest holders; `percentage` is of the max, a decimal string. */
export type Src20Holder = {
  address: string;
  amount: string;
  percentage: string;
};

/** The supply minted after a block with mints. */
export type Src20MintPoint = {
  blockIndex: number;
  timestamp: number;
  mints: number;
  minted: string;
};

/** `GET /api/src20/tick/{tick}`: `tick` is the canonical spelling. */
export type Src20Tick = {
  tick: string;
  deploy: Src20Item | null;
  holders: Src20Holder[];
  mintHistory: Src20MintPoint[];
};

/** One trending chart: `[tick, count]` pairs. */
export type Src20Chart = {
  columns: string[];
  tuple: [string, number][];
};

/** `GET /api/src20/trending`. */
export type Src20Trending = {
  mint: Src20Chart;
  transfer: Src20Chart;
};
