import { abbreviateDecimal } from './format';
import { satsToBtc } from './money';

/**
 * A satoshi amount in BTC shortened with k, M or B for tables (string arithmetic, never floats):
 * 123456789000000 -> "1.23M BTC". Below 1,000 BTC the exact value is kept. No value reads "-".
 */
export function abbreviateBtc(sats: number | string | null | undefined): string {
  const btc = satsToBtc(sats);
  return btc === null ? '-' : `${abbreviateDecimal(btc)} BTC`;
}

/** Which way a variation went. */
export type VariationDirection = 'up' | 'down' | 'flat';

/**
 * A variation in percent (a number, or null when there is nothing to compare with) for display: "+12.5%" up,
 * "-3.26%" down, "0%" flat, two decimals at most; null gives null (nothing is shown).
 */
export function formatVariation(
  variation: number | null | undefined,
): { text: string; direction: VariationDirection } | null {
  if (variation === null || variation === undefined || !Number.isFinite(variation)) return null;
  const rounded = Math.round(variation * 100) / 100;
  if (rounded === 0) return { text: '0%', direction: 'flat' };
  return { text: `${rounded > 0 ? '+' : ''}${String(rounded)}%`, direction: rounded > 0 ? 'up' : 'down' };
}
