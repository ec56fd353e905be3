import { describe, expect, it } from 'vitest';
import { formatBtc, groupDecimal, satsToBtc } from './money';

describe('satsToBtc', () => {
  it('divides by 1e8 exactly, without floats', () => {
    expect(satsToBtc(54000)).toBe('0.00054');
    expect(satsToBtc(150000000)).toBe('1.5');
    expect(satsToBtc(0)).toBe('0');
    expect(satsToBtc('9007199254740993')).toBe('90071992.54740993');
    expect(satsToBtc('1.5')).toBeNull();
    expect(satsToBtc(1.5)).toBeNull();
  });
});

describe('formatBtc', () => {
  it('shows grouped exact BTC, and - for no value', () => {
    expect(formatBtc(123456789000)).toBe('1,234.56789 BTC');
    expect(formatBtc(27000)).toBe('0.00027 BTC');
    expect(formatBtc(null)).toBe('-');
    expect(groupDecimal('1234567.123456')).toBe('1,234,567.123456');
  });
});
