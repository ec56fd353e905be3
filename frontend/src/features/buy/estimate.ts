import { ceilDiv, isBech32, milliRate, networkFee as networkFeeOf } from '@/lib/wallet/fees';

/**
 * The buy estimate (spec §9), in integer satoshis: what the items cost, the network fee for the transaction's
 * estimated size at the chosen rate, the service fee and the royalties. The server builds the real transaction;
 * the estimate is what the dialog shows and what the create call is told of the fee and royalties.
 */

/** vbytes: the transaction without its payments (buyer's input, change, data), for a bc1 buyer and for another. */
export const BASE_SIZE_BC1 = 131;
export const BASE_SIZE = 212;
/** vbytes of each payment output, for a bc1 buyer and for another. */
export const OUTPUT_SIZE_BC1 = 31;
export const OUTPUT_SIZE = 34;
/** vbytes of the service fee's output. */
export const BASE_OUTPUT_SIZE = 31;

/** Service fee: the largest of 2% of the total, 2,222 satoshis per item and 22 times the fee rate. */
export const WALLET_FEE_PERCENT = 2;
export const WALLET_FEE_PER_ITEM = 2222;
export const WALLET_FEE_RATE_FACTOR = 22;

/** Royalty: 3% of an item's amount to the asset's owner when the owner is not its first issuer. */
export const ROYALTY_PERCENT = 3;
/** Only when the royalty is above this many satoshis (an output below it would be dust the network refuses). */
export const ROYALTY_MIN_AMOUNT = 546;

/** An item as the estimate counts it: the satoshis paid, and the asset's owner and first issuer. */
export type EstimateLine = { amount: bigint; owner: string; origin: string };

export type BuyEstimate = {
  /** What the items cost. */
  items: bigint;
  /** The estimated virtual size. */
  vsize: number;
  networkFee: bigint;
  walletFee: bigint;
  royalties: bigint;
  /** Everything the buyer pays. */
  total: bigint;
};

const ZERO = BigInt(0);
const HUNDRED = BigInt(100);
const THOUSAND = BigInt(1000);

function max(...values: bigint[]): bigint {
  return values.reduce((best, value) => (value > best ? value : best), ZERO);
}

/** The estimated virtual size of a purchase of `count` items by `source`. */
export function buyVsize(source: string, count: number): number {
  const bc1 = isBech32(source);
  return (bc1 ? BASE_SIZE_BC1 : BASE_SIZE) + (bc1 ? OUTPUT_SIZE_BC1 : OUTPUT_SIZE) * count + BASE_OUTPUT_SIZE;
}

/**
 * The royalty of one item: 3% of its amount (rounded down) to the owner when owner and first issuer differ and it is
 * above 546 satoshis.
 */
export function royaltyOf(line: EstimateLine): bigint {
  if (!line.owner || line.owner === line.origin) return ZERO;
  const royalty = (line.amount * BigInt(ROYALTY_PERCENT)) / HUNDRED;
  return royalty > BigInt(ROYALTY_MIN_AMOUNT) ? royalty : ZERO;
}

/** The service fee of items costing `items` in all, `count` of them, at `rate` milli-sat/vB. */
export function walletFeeOf(items: bigint, count: number, rate: bigint): bigint {
  return max(
    (items * BigInt(WALLET_FEE_PERCENT)) / HUNDRED,
    BigInt(WALLET_FEE_PER_ITEM) * BigInt(count),
    ceilDiv(BigInt(WALLET_FEE_RATE_FACTOR) * rate, THOUSAND),
  );
}

/** The estimate of buying `lines` by `source` at `feeRate` sat/vB; null without lines. */
export function buyEstimate(lines: readonly EstimateLine[], source: string, feeRate: number): BuyEstimate | null {
  if (lines.length === 0) return null;
  const rate = milliRate(feeRate);
  const items = lines.reduce((sum, line) => sum + line.amount, ZERO);
  const vsize = buyVsize(source, lines.length);
  const networkFee = networkFeeOf(vsize, feeRate);
  const walletFee = walletFeeOf(items, lines.length, rate);
  const royalties = lines.reduce((sum, line) => sum + royaltyOf(line), ZERO);
  return { items, vsize, networkFee, walletFee, royalties, total: items + networkFee + walletFee + royalties };
}
