import { unitsToDecimal } from './units';

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
