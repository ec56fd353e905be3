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
