import { integerDigits } from './units';

/** Satoshis in one bitcoin (spec: satoshi unit 1e8). */
export const SATS_PER_BTC = BigInt(100_000_000);

const FIAT_UNITS = [
  { digits: 9, suffix: 'B' },
  { digits: 6, suffix: 'M' },
  { digits: 3, suffix: 'k' },
] as const;

/**
 * Satoshis in hundredths of a currency, rounded half up, by integer arithmetic: `sats` times `unitsPerBtc` (the
 * price of one bitcoin, an integer) over 1e8. Null when either is not a non-negative integer.
 */
export function fiatHundredths(sats: number | string | bigint, unitsPerBtc: number): bigint | null {
  const digits = typeof sats === 'bigint' ? (sats >= BigInt(0) ? sats.toString() : null) : integerDigits(sats);
  const rate = integerDigits(unitsPerBtc);
  if (digits === null || rate === null) return null;
  const scaled = BigInt(digits) * BigInt(rate) * BigInt(100);
  return (scaled + SATS_PER_BTC / BigInt(2)) / SATS_PER_BTC;
}

function group(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Satoshis shown in a currency for display (spec: amounts abbreviated k, M and B): under 1,000 exactly to the cent
 * ("$12.34"), above with two decimals at most, truncated so that a value never reads larger than it is ("$1.23k",
 * "€45M", "¥2.5B"). Integer arithmetic throughout; '-' when the amount or the price is unreadable.
 */
export function formatFiat(sats: number | string | bigint, unitsPerBtc: number, symbol: string): string {
  const hundredths = fiatHundredths(sats, unitsPerBtc);
  if (hundredths === null) return '-';
  const whole = (hundredths / BigInt(100)).toString();
  const unit = FIAT_UNITS.find((candidate) => whole.length > candidate.digits);
  if (!unit) {
    const cents = (hundredths % BigInt(100)).toString().padStart(2, '0');
    return `${symbol}${group(whole)}.${cents}`;
  }
  const head = whole.slice(0, whole.length - unit.digits);
  const tail = whole.slice(whole.length - unit.digits, whole.length - unit.digits + 2).replace(/0+$/, '');
  return `${symbol}${group(head)}${tail ? `.${tail}` : ''}${unit.suffix}`;
}
