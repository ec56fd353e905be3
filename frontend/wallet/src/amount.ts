/** Satoshis per bitcoin. */
const SATS_PER_BTC = 100_000_000n;

/**
 * An amount of integer satoshis as BTC with 8 decimals and thousands separators ('-0.00001000'), in integer
 * arithmetic only: no float ever holds the amount.
 */
export function formatSats(sats: bigint): string {
  const negative = sats < 0n;
  const magnitude = negative ? -sats : sats;
  const whole = (magnitude / SATS_PER_BTC).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (magnitude % SATS_PER_BTC).toString().padStart(8, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
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
