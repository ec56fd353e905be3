import { describe, expect, it } from 'vitest';
import { fiatHundredths, formatFiat } from './fiat';

describe('satoshis in a currency', () => {
  it('converts by integer arithmetic, rounding half a cent up', () => {
    // 100,000 sats at $60,000 per BTC: $60.00.
    expect(fiatHundredths(100_000, 60_000)).toBe(BigInt(6000));
    expect(fiatHundredths('100000', 60_000)).toBe(BigInt(6000));
    expect(fiatHundredths(BigInt(100_000), 60_000)).toBe(BigInt(6000));
    // 1 sat at $60,000: 0.06 cents, rounds to 0; 9 sats: 0.54 cents, rounds to 1.
    expect(fiatHundredths(1, 60_000)).toBe(BigInt(0));
    expect(fiatHundredths(9, 60_000)).toBe(BigInt(1));
    // Exact for amounts a float would lose: 21M BTC at $123,456 per BTC.
    expect(fiatHundredths('2100000000000000', 123_456)).toBe(BigInt('259257600000000'));
  });

  it('refuses what is not a non-negative integer', () => {
    expect(fiatHundredths(1.5, 60_000)).toBeNull();
    expect(fiatHundredths(-1, 60_000)).toBeNull();
    expect(fiatHundredths(BigInt(-1), 60_000)).toBeNull();
    expect(fiatHundredths('12a', 60_000)).toBeNull();
    expect(fiatHundredths(1, 60_000.5)).toBeNull();
  });

  it('shows cents under 1,000 and k, M, B above, truncated to two decimals', () => {
    expect(formatFiat(100_000, 60_000, '$')).toBe('$60.00');
    expect(formatFiat(0, 60_000, '$')).toBe('$0.00');
    expect(formatFiat(1_664_990, 60_000, '$')).toBe('$998.99');
    expect(formatFiat(100_000_000, 60_000, '€')).toBe('€60k');
    expect(formatFiat(2_055_000, 60_000, '$')).toBe('$1.23k');
    expect(formatFiat(2_066_000, 60_000, '$')).toBe('$1.23k');
    expect(formatFiat(150_000_000_000, 60_000, 'A$')).toBe('A$90M');
    expect(formatFiat('2100000000000000', 60_000, '$')).toBe('$1,260B');
    expect(formatFiat(250_000_000_000, 1_000_000, '¥')).toBe('¥2.5B');
  });

  it("reads '-' for an unreadable amount or price", () => {
    expect(formatFiat('x', 60_000, '$')).toBe('-');
    expect(formatFiat(1, Number.NaN, '$')).toBe('-');
  });
});
