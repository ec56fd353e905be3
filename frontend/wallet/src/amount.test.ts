import { describe, expect, it } from 'vitest';
import { formatSats, parseBtc, parseSats } from './amount';

describe('formatSats', () => {
  it('writes integer satoshis as BTC with 8 decimals, without floats', () => {
    expect(formatSats(0n)).toBe('0.00000000');
    expect(formatSats(1n)).toBe('0.00000001');
    expect(formatSats(546n)).toBe('0.00000546');
    expect(formatSats(100_000_000n)).toBe('1.00000000');
    expect(formatSats(12_345_678n)).toBe('0.12345678');
    expect(formatSats(2_100_000_000_000_000n)).toBe('21,000,000.00000000');
    expect(formatSats(2_099_999_997_690_000n)).toBe('20,999,999.97690000');
  });

  it('keeps the sign of a negative amount', () => {
    expect(formatSats(-1n)).toBe('-0.00000001');
    expect(formatSats(-1_000n)).toBe('-0.00001000');
    expect(formatSats(-150_000_000n)).toBe('-1.50000000');
  });
});

describe('parseSats', () => {
  it('takes safe integers and digit strings, and nothing else', () => {
    expect(parseSats(0)).toBe(0n);
    expect(parseSats(2_100_000_000_000_000)).toBe(2_100_000_000_000_000n);
    expect(parseSats(-546)).toBe(-546n);
    expect(parseSats('9007199254740993')).toBe(9_007_199_254_740_993n);
    expect(parseSats(1.5)).toBeNull();
    expect(parseSats(2 ** 60)).toBeNull();
    expect(parseSats('1e8')).toBeNull();
    expect(parseSats(null)).toBeNull();
    expect(parseSats(undefined)).toBeNull();
  });
});

describe('parseBtc', () => {
  it('reads BTC as exact satoshis', () => {
    expect(parseBtc('0.001')).toBe(100_000n);
    expect(parseBtc('1')).toBe(100_000_000n);
    expect(parseBtc(' 1.5 ')).toBe(150_000_000n);
    expect(parseBtc('.25')).toBe(25_000_000n);
    expect(parseBtc('2.')).toBe(200_000_000n);
    expect(parseBtc('0.00000001')).toBe(1n);
    expect(parseBtc('0.1')).toBe(10_000_000n);
    expect(parseBtc('0.3')).toBe(30_000_000n);
    expect(parseBtc('20999999.97690000')).toBe(2_099_999_997_690_000n);
    expect(parseBtc('0')).toBe(0n);
  });

  it('refuses more than 8 decimals, signs, junk and more than 21 million BTC', () => {
    for (const text of ['0.000000001', '-1', '-0.5', '+1', '1e-3', '1,5', '1 000', 'abc', '', '.', '0x10', '١']) {
      expect(parseBtc(text), text).toBeNull();
    }
    expect(parseBtc('21000000')).toBe(2_100_000_000_000_000n);
    expect(parseBtc('21000000.00000001')).toBeNull();
  });
});
