import { describe, expect, it } from 'vitest';
import { formatQuantity, lotsOf, maxQuantity, normalizeQuantity, parseQuantity } from '@/utils/quantity';
import { amountFor, quantityLocked } from './quantity';

const n = (value: number | string) => BigInt(value);

describe('buy quantity', () => {
  it('reads typed whole units exactly, a divisible asset with up to 8 decimals', () => {
    expect(parseQuantity('12', false)).toBe(n(12));
    expect(parseQuantity(' 1,000 ', false)).toBe(n(1000));
    expect(parseQuantity('2.7', false)).toBe(n(2));
    expect(parseQuantity('1.5', true)).toBe(n(150_000_000));
    expect(parseQuantity('.00000001', true)).toBe(n(1));
    expect(parseQuantity('0.123456789', true)).toBe(n(12_345_678));
    expect(parseQuantity('99999999999999999999', false)).toBe(n('99999999999999999999'));
    expect(parseQuantity('', false)).toBeNull();
    expect(parseQuantity('.', false)).toBeNull();
    expect(parseQuantity('-1', false)).toBeNull();
    expect(parseQuantity('1e3', false)).toBeNull();
  });

  it('shows base units as whole units', () => {
    expect(formatQuantity(n(5), false)).toBe('5');
    expect(formatQuantity(n(150_000_000), true)).toBe('1.5');
  });

  it('rounds down to a multiple of give_quantity, caps at give_remaining, keeps at least one lot (on blur)', () => {
    // give_quantity 2, give_remaining 9.
    expect(normalizeQuantity(n(5), n(2), n(9))).toBe(n(4));
    expect(normalizeQuantity(n(6), n(2), n(9))).toBe(n(6));
    expect(normalizeQuantity(n(100), n(2), n(9))).toBe(n(8));
    expect(normalizeQuantity(n(1), n(2), n(9))).toBe(n(2));
    expect(normalizeQuantity(n(0), n(2), n(9))).toBe(n(2));
    expect(normalizeQuantity(null, n(2), n(9))).toBe(n(2));
    // Beyond any float's precision.
    const lot = n('100000000000000000');
    expect(normalizeQuantity(n('999999999999999999'), lot, n('500000000000000000'))).toBe(n('500000000000000000'));
    expect(normalizeQuantity(n(3), n(0), n(9))).toBe(n(0));
  });

  it("sets the remaining amount with 'Max' (its largest multiple of the lot)", () => {
    expect(maxQuantity(n(2), n(9))).toBe(n(8));
    expect(maxQuantity(n(1), n(5))).toBe(n(5));
    expect(maxQuantity(n(0), n(5))).toBe(n(0));
  });

  it('locks the input when what remains is exactly one lot', () => {
    expect(quantityLocked(n(1), n(1))).toBe(true);
    expect(quantityLocked(n(5), n(5))).toBe(true);
    expect(quantityLocked(n(1), n(2))).toBe(false);
  });

  it('pays the price per lot times the lots', () => {
    expect(lotsOf(n(8), n(2))).toBe(n(4));
    expect(amountFor(10_000, n(8), n(2))).toBe(n(40_000));
    expect(amountFor(10_000, n(8), n(0))).toBe(n(0));
  });
});
