const ZERO = BigInt(0);

/** The largest multiple of `lot` not above `remaining`: what 'Max' sets. */
export function maxQuantity(lot: bigint, remaining: bigint): bigint {
  if (lot <= ZERO || remaining < ZERO) return ZERO;
  return remaining - (remaining % lot);
}

/**
 * A typed quantity as the spec's rules make it on blur: rounded down to a multiple of `lot` (give_quantity), capped
 * at `remaining` (give_remaining; at its largest multiple of the lot), at least one lot. Unreadable text gives one
 * lot. Exact integers throughout.
 */
export function normalizeQuantity(typed: bigint | null, lot: bigint, remaining: bigint): bigint {
  if (lot <= ZERO) return ZERO;
  const max = maxQuantity(lot, remaining);
  if (typed === null) return lot;
  const rounded = typed - (typed % lot);
  if (rounded > max) return max < lot ? lot : max;
  return rounded < lot ? lot : rounded;
}

/** Whether the quantity cannot change: what remains is exactly one lot (spec), as with an atomic swap. */
export function quantityLocked(lot: bigint, remaining: bigint): boolean {
  return remaining === lot;
}

/** The lots a quantity buys. */
export function lotsOf(quantity: bigint, lot: bigint): bigint {
  return lot > ZERO ? quantity / lot : ZERO;
}

/** The satoshis paid for `quantity`: the lot's price times the lots. */
export function amountFor(price: number, quantity: bigint, lot: bigint): bigint {
  return BigInt(price) * lotsOf(quantity, lot);
}
