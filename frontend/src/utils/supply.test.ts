import { describe, expect, it } from 'vitest';
import { displaySupply, isUnlimitedSupply } from './supply';

describe('displaySupply', () => {
  it('shows the 999999999-style unlimited supply as infinity', () => {
    expect(displaySupply('999999999', false)).toBe('∞');
    expect(displaySupply('9999999999', false)).toBe('∞');
    expect(displaySupply('99999999900000000', true)).toBe('∞');
    expect(isUnlimitedSupply('99999999', false)).toBe(false);
  });

  it('shows other supplies exactly', () => {
    expect(displaySupply('1', false)).toBe('1');
    expect(displaySupply('1000000', false)).toBe('1,000,000');
    expect(displaySupply('150000000', true)).toBe('1.5');
    expect(displaySupply('999999998', false)).toBe('999,999,998');
  });
});
