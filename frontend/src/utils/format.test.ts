import { describe, expect, it } from 'vitest';
import {
  formatBlockTime,
  formatBytes,
  formatInteger,
  formatStampNumber,
  formatSupply,
  shortenAddress,
  stampLabel,
  yesNo,
} from './format';

describe('shortenAddress', () => {
  it('keeps the first 5 and last 5 characters', () => {
    expect(shortenAddress('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh')).toBe('bc1qx...x0wlh');
  });

  it('shortens a tx hash the same way', () => {
    expect(shortenAddress('a'.repeat(30) + 'b'.repeat(29) + '12345')).toBe('aaaaa...12345');
  });

  it('leaves values that are already short', () => {
    expect(shortenAddress('1234567890123')).toBe('1234567890123');
    expect(shortenAddress('')).toBe('');
  });
});

describe('stamp numbers', () => {
  it('shows 999999999 as infinity', () => {
    expect(formatStampNumber(999999999)).toBe('∞');
    expect(stampLabel(999999999)).toBe('#∞');
  });

  it('shows other numbers as they are, cursed (negative) ones included', () => {
    expect(formatStampNumber(0)).toBe('0');
    expect(stampLabel(1234)).toBe('#1234');
    expect(stampLabel(-42)).toBe('#-42');
  });
});

describe('formatInteger', () => {
  it('groups digits exactly, beyond the float range too', () => {
    expect(formatInteger('1')).toBe('1');
    expect(formatInteger(779653)).toBe('779,653');
    expect(formatInteger('123456789012345678901')).toBe('123,456,789,012,345,678,901');
  });
});

describe('formatSupply', () => {
  it('shows an indivisible supply as a grouped integer', () => {
    expect(formatSupply('1', false)).toBe('1');
    expect(formatSupply('10000', false)).toBe('10,000');
  });

  it('shows a divisible supply in whole units without floats', () => {
    expect(formatSupply('100000000', true)).toBe('1');
    expect(formatSupply('150000000', true)).toBe('1.5');
    expect(formatSupply('1', true)).toBe('0.00000001');
    expect(formatSupply('2100000000000000', true)).toBe('21,000,000');
  });
});

describe('other formats', () => {
  it('formats byte sizes', () => {
    expect(formatBytes(373)).toBe('373 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
  });

  it('formats block times in UTC', () => {
    expect(formatBlockTime(1680000600)).toBe('2023-03-28 10:50 UTC');
  });

  it('formats flags', () => {
    expect(yesNo(true)).toBe('Yes');
    expect(yesNo(false)).toBe('No');
    expect(yesNo(null)).toBe('No');
  });
});
