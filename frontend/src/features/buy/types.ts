import type { BuildResult } from '@/lib/wallet/transaction';

/**
 * A listing to buy from, as `GET /api/wallet/buy/{hashes}` gives it: a dispenser, or an atomic swap when `tx_hash`
 * holds a colon (`txid:vout`; its quantities are the whole listed quantity). Quantities are exact integers in base
 * units; `price` is integer satoshis per `give_quantity` lot. `error` says why it cannot be bought.
 */
export type BuyItem = {
  tx_hash: string;
  /** The seller's address: where the payment goes. */
  source: string;
  /** The asset's owner (issuer) now, and its first issuer: a royalty goes to the owner when they differ. */
  owner: string;
  origin: string;
  cpid: string;
  asset_longname: string | null;
  divisible: boolean;
  give_quantity: string;
  give_remaining: string;
  price: number;
  /** The stamp's image. */
  url: string;
  error?: string;
};

/** A listing left out of a build, and why. */
export type ItemFailure = { tx_hash: string; error: string };

/** The body of `POST /api/wallet/create/buy`. */
export type CreateBuyBody = {
  source: string;
  tx_hashes: string[];
  /** In `tx_hashes`' order: the seller's address and the satoshis paid (price × lots). */
  destinations: [string, number][];
  /** The estimated service fee, satoshis. */
  fee: number;
  /** The estimated royalties, satoshis. */
  royalties: number;
  isPsbt: true;
  /** sat/vB, or -1 for Ninja Optimized. */
  desiredFeeRate: number;
};

/** The answer of `POST /api/wallet/create/buy` (200). */
export type CreateBuyAnswer = { result: BuildResult; errors?: ItemFailure[] };
