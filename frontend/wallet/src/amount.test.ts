import { describe, expect, it } from 'vitest';
import { formatQuantity, formatSats, parseBtc, parseQuantity, parseSats } from './amount';

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

describe('formatQuantity', () => {
  it('shows a divisible quantity with exactly 8 decimals, whatever its size', () => {
    expect(formatQuantity(0n, true)).toBe('0.00000000');
    expect(formatQuantity(1n, true)).toBe('0.00000001');
    expect(formatQuantity(100_000_000n, true)).toBe('1.00000000');
    expect(formatQuantity(123_456_789_012_345_678n, true)).toBe('1,234,567,890.12345678');
    expect(formatQuantity(18_446_744_073_709_551_615n, true)).toBe('184,467,440,737.09551615');
  });

  it('shows an indivisible quantity as the integer', () => {
    expect(formatQuantity(1n, false)).toBe('1');
    expect(formatQuantity(1000n, false)).toBe('1,000');
    expect(formatQuantity(-1000n, false)).toBe('-1,000');
    expect(formatQuantity(18_446_744_073_709_551_615n, false)).toBe('18,446,744,073,709,551,615');
  });
});

describe('parseQuantity', () => {
  it('reads base units from digits or safe integers, exactly', () => {
    expect(parseQuantity('18446744073709551615')).toBe(18_446_744_073_709_551_615n);
    expect(parseQuantity('0')).toBe(0n);
    expect(parseQuantity(42)).toBe(42n);
  });

  it('refuses anything else', () => {
    for (const value of ['', '-1', '1.5', '1e8', ' 1', '123456789012345678901', 1.5, -1, 2 ** 60, null, true, {}]) {
      expect(parseQuantity(value)).toBeNull();
    }
  });
});
