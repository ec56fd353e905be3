/** Satoshis per bitcoin. */
const SATS_PER_BTC = 100_000_000n;

/**
 * An amount of integer satoshis as BTC with 8 decimals and thousands separators ('-0.00001000'), in integer
 * arithmetic only: no float ever holds the amount.
 */
export function formatSats(sats: bigint): string {
  const negative = sats < 0n;
  const magnitude = negative ? -sats : sats;
  const fraction = (magnitude % SATS_PER_BTC).toString().padStart(8, '0');
  return `${negative ? '-' : ''}${groupThousands(magnitude / SATS_PER_BTC)}.${fraction}`;
}

/** An integer with thousands separators ('1,234,567', '-1,000'). */
function groupThousands(value: bigint): string {
  return value.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * A Counterparty quantity in base units, exactly: a divisible asset's with 8 decimals ('1,000.00000001'), an
 * indivisible one's as the integer ('1,000'). Integer arithmetic only.
 */
export function formatQuantity(quantity: bigint, divisible: boolean): string {
  return divisible ? formatSats(quantity) : groupThousands(quantity);
}

/** An integer amount of satoshis read from JSON: a safe integer number or a string of digits; else null. */
export function parseSats(value: unknown): bigint | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : null;
  if (typeof value === 'string' && /^-?\d{1,20}$/.test(value)) return BigInt(value);
  return null;
}

/** The most bitcoin there will ever be, in satoshis. */
const MAX_SATS = 21_000_000n * SATS_PER_BTC;

/**
 * An amount typed in BTC ('0.001', '1', '1.5', '.25') as exact integer satoshis; null for anything else: more than 8
 * decimals, a sign, an exponent, separators, letters, or more than 21 million BTC. The digits are read as text.
 */
export function parseBtc(text: string): bigint | null {
  const match = /^(\d*)(?:\.(\d{0,8}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  const sats = BigInt(whole || '0') * SATS_PER_BTC + BigInt(fraction.padEnd(8, '0'));
  return sats <= MAX_SATS ? sats : null;
}

/** A Counterparty quantity in base units read from JSON: a string of digits or a safe integer number; else null. */
export function parseQuantity(value: unknown): bigint | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : null;
  if (typeof value === 'string' && /^\d{1,20}$/.test(value)) return BigInt(value);
  return null;
}
