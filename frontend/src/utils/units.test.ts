import { describe, expect, it } from 'vitest';
import { addIntegers, isZero, percentOf, shiftDecimal, unitsToDecimal } from './units';

describe('shiftDecimal', () => {
  it('divides by a power of ten with string arithmetic, dropping trailing zeros', () => {
    expect(shiftDecimal(27000)).toBe('0.00027');
    expect(shiftDecimal('150000000')).toBe('1.5');
    expect(shiftDecimal(0)).toBe('0');
    expect(shiftDecimal(1)).toBe('0.00000001');
    // Past 2^53: a float would lose the last digits.
    expect(shiftDecimal('123456789012345678901')).toBe('1234567890123.45678901');
    expect(shiftDecimal('00042', 0)).toBe('42');
    expect(shiftDecimal('4250', 2)).toBe('42.5');
  });

  it('refuses what is not a non-negative integer', () => {
    expect(shiftDecimal(null)).toBeNull();
    expect(shiftDecimal(undefined)).toBeNull();
    expect(shiftDecimal(-5)).toBeNull();
    expect(shiftDecimal(1.5)).toBeNull();
    expect(shiftDecimal('12a')).toBeNull();
  });
});

describe('unitsToDecimal', () => {
  it('divides divisible quantities by 1e8 and keeps indivisible ones', () => {
    expect(unitsToDecimal('2100000000000000', true)).toBe('21000000');
    expect(unitsToDecimal('2100000000000000', false)).toBe('2100000000000000');
    expect(unitsToDecimal('123', true)).toBe('0.00000123');
  });
});

describe('addIntegers, isZero and percentOf', () => {
  it('adds beyond the float range', () => {
    expect(addIntegers('9007199254740993', 1)).toBe('9007199254740994');
    expect(addIntegers('x', 1)).toBeNull();
  });

  it('tells zero', () => {
    expect(isZero('000')).toBe(true);
    expect(isZero(0)).toBe(true);
    expect(isZero('10')).toBe(false);
    expect(isZero('x')).toBe(false);
  });

  it('gives a percent with 2 decimals, truncated; null for a zero whole', () => {
    expect(percentOf(25, 100)).toBe('25.00');
    expect(percentOf(1, 3)).toBe('33.33');
    expect(percentOf(1, 8)).toBe('12.50');
    expect(percentOf('5', '5')).toBe('100.00');
    expect(percentOf(0, 7)).toBe('0.00');
    expect(percentOf(1, 0)).toBeNull();
  });
});
