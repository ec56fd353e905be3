import { describe, expect, it } from 'vitest';
import { abbreviateBtc, formatVariation } from './market';

describe('abbreviateBtc', () => {
  it('abbreviates large BTC amounts with k, M and B, exactly', () => {
    expect(abbreviateBtc(123456789000)).toBe('1.23k BTC');
    expect(abbreviateBtc('123456789000000')).toBe('1.23M BTC');
    expect(abbreviateBtc('250000000000000000')).toBe('2.5B BTC');
    expect(abbreviateBtc(54000)).toBe('0.00054 BTC');
    expect(abbreviateBtc(null)).toBe('-');
  });
});

describe('formatVariation', () => {
  it('signs and rounds the percent, and tells the direction', () => {
    expect(formatVariation(12.5)).toEqual({ text: '+12.5%', direction: 'up' });
    expect(formatVariation(-3.256)).toEqual({ text: '-3.26%', direction: 'down' });
    expect(formatVariation(0)).toEqual({ text: '0%', direction: 'flat' });
    expect(formatVariation(null)).toBeNull();
    expect(formatVariation(Number.NaN)).toBeNull();
  });
});
