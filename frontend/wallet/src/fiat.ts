/**
 * Amounts in the site's display currency, beside BTC: the site names its currency in the panel's query
 * (`currency`), and `GET /api/prices` gives the price of one bitcoin in each, an integer. Integer arithmetic only.
 */

/** The site's currencies and how an amount in each is written before its digits. */
export const CURRENCY_SYMBOLS = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  CNY: 'CN¥',
  CAD: 'CA$',
  AUD: 'A$',
} as const;
export type Currency = keyof typeof CURRENCY_SYMBOLS;

/** A currency and the price of one bitcoin in it. */
export type Fiat = { currency: Currency; perBtc: bigint };

/** The currency a query names; USD when it names none the site knows. */
export function currencyOf(search: string): Currency {
  const named = new URLSearchParams(search).get('currency') ?? '';
  return named in CURRENCY_SYMBOLS ? (named as Currency) : 'USD';
}

/** `sats` in the currency, to the cent (rounded half up), with its symbol and grouped thousands. */
export function formatFiat(sats: bigint, fiat: Fiat): string {
  if (sats < 0n || fiat.perBtc <= 0n) return '-';
  const cents = (sats * fiat.perBtc * 100n + 50_000_000n) / 100_000_000n;
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${CURRENCY_SYMBOLS[fiat.currency]}${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** The price of one bitcoin in `currency` (`GET /api/prices`); null when the oracle has none. */
export async function fetchFiat(currency: Currency, signal?: AbortSignal): Promise<Fiat | null> {
  const response = await fetch('/api/prices', { headers: { accept: 'application/json' }, signal });
  if (!response.ok) return null;
  const body: unknown = await response.json();
  const price = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[currency] : null;
  if (typeof price !== 'number' || !Number.isSafeInteger(price) || price <= 0) return null;
  return { currency, perBtc: BigInt(price) };
}
