/** Base units in one whole unit of a divisible asset (1e8, like satoshis in a bitcoin). */
export const UNIT_DECIMALS = 8;

/** The digits of a non-negative integer given as a safe integer number or a digit string; null for anything else. */
export function integerDigits(value: number | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) return null;
    return String(value);
  }
  return /^\d+$/.test(value) ? value.replace(/^0+(?=\d)/, '') : null;
}

/**
 * An integer count of base units as an exact decimal string of whole units, by string arithmetic (never floats):
 * `shiftDecimal("150000000", 8)` -> "1.5", `shiftDecimal("27000", 8)` -> "0.00027", `shiftDecimal("0", 8)` -> "0".
 * Returns null for anything that is not a non-negative integer.
 */
export function shiftDecimal(value: number | string | null | undefined, decimals = UNIT_DECIMALS): string | null {
  const digits = integerDigits(value);
  if (digits === null) return null;
  if (decimals <= 0) return digits;
  const padded = digits.padStart(decimals + 1, '0');
  const whole = padded.slice(0, -decimals).replace(/^0+(?=\d)/, '');
  const fraction = padded.slice(-decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** A quantity in base units as whole units: divided by 1e8 when the asset is divisible, exact. */
export function unitsToDecimal(value: number | string | null | undefined, divisible: boolean): string | null {
  return shiftDecimal(value, divisible ? UNIT_DECIMALS : 0);
}

/** Adds two non-negative integers given as digit strings or safe numbers, exactly; null if either is not one. */
export function addIntegers(a: number | string, b: number | string): string | null {
  const left = integerDigits(a);
  const right = integerDigits(b);
  if (left === null || right === null) return null;
  return (BigInt(left) + BigInt(right)).toString();
}

/** Whether a non-negative integer (digits or number) is zero; false for anything unreadable. */
export function isZero(value: number | string | null | undefined): boolean {
  const digits = integerDigits(value);
  return digits !== null && /^0+$/.test(digits);
}

/**
 * `part` as a percent of `whole` (both integers in the same unit), a decimal string with 2 decimals, truncated:
 * ("25", "100") -> "25.00". Null when `whole` is zero or either is not an integer.
 */
export function percentOf(part: number | string, whole: number | string): string | null {
  const p = integerDigits(part);
  const w = integerDigits(whole);
  if (p === null || w === null || BigInt(w) === BigInt(0)) return null;
  const hundredths = (BigInt(p) * BigInt(10000)) / BigInt(w);
  const units = hundredths / BigInt(100);
  const fraction = (hundredths % BigInt(100)).toString().padStart(2, '0');
  return `${units.toString()}.${fraction}`;
}
