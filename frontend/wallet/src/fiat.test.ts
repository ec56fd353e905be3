import { afterEach, describe, expect, it, vi } from 'vitest';
import { currencyOf, fetchFiat, formatFiat } from './fiat';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fiat amounts', () => {
  it('reads the currency the query names, USD otherwise', () => {
    expect(currencyOf('?action=buy&currency=EUR')).toBe('EUR');
    expect(currencyOf('?action=buy&currency=XYZ')).toBe('USD');
    expect(currencyOf('')).toBe('USD');
  });

  it('shows satoshis to the cent, rounded half up, in integer arithmetic', () => {
    const usd = { currency: 'USD', perBtc: 97_000n } as const;
    expect(formatFiat(100_000_000n, usd)).toBe('$97,000.00');
    expect(formatFiat(14_452n, usd)).toBe('$14.02');
    expect(formatFiat(1n, usd)).toBe('$0.00');
    expect(formatFiat(2_100_000_000_000_000n, { currency: 'JPY', perBtc: 15_000_000n })).toBe(
      '¥315,000,000,000,000.00',
    );
  });

  it("reads one bitcoin's price from the oracle, or nothing", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ time: 1, USD: 97_000, EUR: 1.5 }))),
    );
    expect(await fetchFiat('USD')).toEqual({ currency: 'USD', perBtc: 97_000n });
    expect(await fetchFiat('EUR')).toBeNull();
    expect(await fetchFiat('GBP')).toBeNull();
  });
});
