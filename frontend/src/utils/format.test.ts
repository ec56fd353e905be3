import { describe, expect, it } from 'vitest';
import {
  abbreviateDecimal,
  formatBlockTime,
  formatBytes,
  formatDecimal,
  formatInteger,
  formatPercent,
  formatStampNumber,
  formatSupply,
  displayUserId,
  formatTimeTick,
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

describe('formatDecimal', () => {
  it.each([
    ['0', '0'],
    ['1234567', '1,234,567'],
    ['1234567.500', '1,234,567.5'],
    ['0.00000001', '0.00000001'],
    ['100.00', '100'],
    ['007', '7'],
    ['-1000.25', '-1,000.25'],
    ['abc', 'abc'],
  ])('%s -> %s', (value, expected) => {
    expect(formatDecimal(value)).toBe(expected);
  });

  it('keeps precision floats would lose', () => {
    expect(formatDecimal('123456789012345678901.123456789012345678')).toBe(
      '123,456,789,012,345,678,901.123456789012345678',
    );
  });
});

describe('abbreviateDecimal', () => {
  it.each([
    ['0', '0'],
    ['999', '999'],
    ['999.5', '999.5'],
    ['1000', '1k'],
    ['1500', '1.5k'],
    ['999999', '999.99k'],
    ['1000000', '1M'],
    ['1234567.89', '1.23M'],
    ['21000000', '21M'],
    ['1000000000', '1B'],
    ['15000000000000', '15,000B'],
    ['99999999999999999999', '99,999,999,999.99B'],
    ['-2500', '-2.5k'],
    ['n/a', 'n/a'],
  ])('%s -> %s', (value, expected) => {
    expect(abbreviateDecimal(value)).toBe(expected);
  });
});

describe('formatPercent', () => {
  it.each([
    ['42.50', '42.5%'],
    ['100.00', '100%'],
    ['0', '0%'],
  ])('%s -> %s', (value, expected) => {
    expect(formatPercent(value)).toBe(expected);
  });
});

describe('formatTimeTick', () => {
  it('gives the date, or the day and time within two days', () => {
    expect(formatTimeTick(1680000600, 30 * 86400)).toBe('2023-03-28');
    expect(formatTimeTick(1680000600, 3600)).toBe('03-28 10:50');
  });
});

describe('displayUserId', () => {
  it('shortens an address 5+5 and keeps a name', () => {
    expect(displayUserId('bc1qscdz8022s4wqpq94038c93nva3dw3zff5a46xx')).toBe('bc1qs...a46xx');
    expect(displayUserId('the_artist_of_stamps')).toBe('the_artist_of_stamps');
  });
});
