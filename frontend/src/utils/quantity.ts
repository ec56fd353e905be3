import { unitsToDecimal } from './units';

const ZERO = BigInt(0);

/** Base units in a whole unit of a divisible asset. */
const DIVISIBLE_DECIMALS = 8;

/**
 * A typed quantity in base units, exact: whole units, with up to 8 decimals for a divisible asset (more are cut),
 * none for an indivisible one (a fraction is cut). Thousands separators are ignored. Null when unreadable.
 */
export function parseQuantity(typed: string, divisible: boolean): bigint | null {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(typed.trim().replace(/,/g, ''));
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (!whole && !fraction) return null;
  if (!divisible) return BigInt(whole || '0');
  const cents = fraction.slice(0, DIVISIBLE_DECIMALS).padEnd(DIVISIBLE_DECIMALS, '0');
  return BigInt(`${whole || '0'}${cents}`);
}

/** A quantity in base units as the input shows it: whole units (a divisible asset's with its decimals). */
export function formatQuantity(quantity: bigint, divisible: boolean): string {
  return unitsToDecimal(quantity.toString(), divisible) ?? quantity.toString();
}

/** The largest multiple of `lot` not above `remaining`: what 'Max' sets. */
export function maxQuantity(lot: bigint, remaining: bigint): bigint {
  if (lot <= ZERO || remaining < ZERO) return ZERO;
  return remaining - (remaining % lot);
}

/**
 * A typed quantity as the spec's rules make it on blur: rounded down to a multiple of `lot` (a dispenser's
 * give_quantity, a fairminter's quantity by price), capped at `remaining` (at its largest multiple of the lot), at
 * least one lot. Unreadable text gives one lot. Exact integers throughout.
 */
export function normalizeQuantity(typed: bigint | null, lot: bigint, remaining: bigint): bigint {
  if (lot <= ZERO) return ZERO;
  const max = maxQuantity(lot, remaining);
  if (typed === null) return lot;
  const rounded = typed - (typed % lot);
  if (rounded > max) return max < lot ? lot : max;
  return rounded < lot ? lot : rounded;
}

/** The lots a quantity buys. */
export function lotsOf(quantity: bigint, lot: bigint): bigint {
  return lot > ZERO ? quantity / lot : ZERO;
}
