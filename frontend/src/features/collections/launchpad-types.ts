/** `GET /api/launchpad/{id}`: what a launchpad collection minted, read off its collection's stamps. */
export type LaunchpadInfo = {
  /** `[unix seconds, stamps minted by then]` at each block time with mints. */
  history: [number, number][];
  totalMinters: number;
  /** Unix seconds, or null before the first mint. */
  firstMintDate: number | null;
  lastMintDate: number | null;
  topMinters: { address: string; count: number }[];
};

/** One of the 100 combinations a layered launchpad may mint (`GET /api/wallet/mint/preview/{id}`). */
export type MintPreviewSample = {
  /** The chosen layer images stacked in one PNG, base64. */
  b64: string;
  /** The chosen cpids, one per layer. */
  layers: string[];
};
