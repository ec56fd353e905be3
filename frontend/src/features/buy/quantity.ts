import { lotsOf } from '@/utils/quantity';

/** Whether the quantity cannot change: what remains is exactly one lot (spec), as with an atomic swap. */
export function quantityLocked(lot: bigint, remaining: bigint): boolean {
  return remaining === lot;
}

/** The satoshis paid for `quantity`: the lot's price times the lots. */
export function amountFor(price: number, quantity: bigint, lot: bigint): bigint {
  return BigInt(price) * lotsOf(quantity, lot);
}
