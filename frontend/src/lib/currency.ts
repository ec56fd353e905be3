import { useSyncExternalStore } from 'react';

/**
 * The display currency: the 'currency' cookie (spec), USD when absent or unknown. Amounts stay integer satoshis;
 * the currency only says how they are shown beside BTC.
 */
export const CURRENCY_COOKIE = 'currency';

/** The spec's currencies, in the selector's order. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CNY', 'CAD', 'AUD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const DEFAULT_CURRENCY: Currency = 'USD';

/** How an amount in each currency is written before its digits. */
export const CURRENCY_SYMBOLS: Record<Currency, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  CNY: 'CN¥',
  CAD: 'CA$',
  AUD: 'A$',
};

/** How long the browser keeps the choice. */
const CURRENCY_COOKIE_MAX_AGE_SECS = 365 * 24 * 60 * 60;

/** Whether `value` is one of the spec's currencies. */
export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** The currency a `document.cookie` string holds; USD when absent or unknown. */
export function readCurrencyCookie(cookies: string): Currency {
  for (const part of cookies.split(';')) {
    const [name = '', ...rest] = part.split('=');
    if (name.trim() !== CURRENCY_COOKIE) continue;
    const value = rest.join('=').trim().toUpperCase();
    return isCurrency(value) ? value : DEFAULT_CURRENCY;
  }
  return DEFAULT_CURRENCY;
}

/** The `document.cookie` assignment that keeps `currency` for the whole site (`secure` on an https page). */
export function currencyCookieSetter(currency: Currency, secure: boolean): string {
  const flags = `Path=/; Max-Age=${CURRENCY_COOKIE_MAX_AGE_SECS}; SameSite=Lax`;
  return `${CURRENCY_COOKIE}=${currency}; ${flags}${secure ? '; Secure' : ''}`;
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function snapshot(): Currency {
  return readCurrencyCookie(document.cookie);
}

/** Keeps `currency` as the display currency; every component showing amounts follows. */
export function setCurrency(currency: Currency): void {
  try {
    document.cookie = currencyCookieSetter(currency, window.location.protocol === 'https:');
  } catch {
    // A browser refusing cookies keeps the default.
  }
  for (const listener of listeners) listener();
}

/** The display currency, following its changes. */
export function useCurrency(): Currency {
  return useSyncExternalStore(subscribe, snapshot, () => DEFAULT_CURRENCY);
}
