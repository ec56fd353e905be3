import { shiftDecimal, UNIT_DECIMALS } from './units';

/** Satoshis as an exact BTC decimal string (string arithmetic): 27000 -> "0.00027"; null when not an integer >= 0. */
export function satsToBtc(sats: number | string | null | undefined): string | null {
  return shiftDecimal(sats, UNIT_DECIMALS);
}

/** Groups the whole part of a plain decimal string by thousands: "1234567.5" -> "1,234,567.5". */
export function groupDecimal(value: string): string {
  const [whole = '0', fraction] = value.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** Satoshis for display in BTC, exact and grouped: 123456789000 -> "1,234.56789 BTC"; no value reads "-". */
export function formatBtc(sats: number | string | null | undefined): string {
  const btc = satsToBtc(sats);
  return btc === null ? '-' : `${groupDecimal(btc)} BTC`;
}
