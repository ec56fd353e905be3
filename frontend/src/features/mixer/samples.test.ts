import { describe, expect, it } from 'vitest';
import { SAMPLE_COUNT, sampleOffset, shuffled } from './samples';

describe('random samples', () => {
  it('holds 50 samples', () => {
    expect(SAMPLE_COUNT).toBe(50);
  });

  it('starts the random page anywhere a full page still fits', () => {
    expect(sampleOffset(1000, 50, () => 0)).toBe(0);
    expect(sampleOffset(1000, 50, () => 0.999999)).toBe(950);
    expect(sampleOffset(1000, 50, () => 0.5)).toBe(475);
    expect(sampleOffset(30, 50, () => 0.7)).toBe(0);
    expect(sampleOffset(0, 50, () => 0.7)).toBe(0);
  });

  it('shuffles without losing or repeating an item', () => {
    const items = Array.from({ length: 20 }, (_, index) => index);
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return (seed - 1) / 2147483646;
    };
    const result = shuffled(items, random);
    expect(result).not.toEqual(items);
    expect([...result].sort((a, b) => a - b)).toEqual(items);
    expect(items[0]).toBe(0);
    expect(shuffled([], random)).toEqual([]);
  });
});
