import { describe, expect, it } from 'vitest';
import { confirmsPhrase, pickPositions } from './confirm-words';

const WORDS = 'abandon ability able about above absent absorb abstract absurd abuse access accident'.split(' ');

describe('pickPositions', () => {
  it('asks 3 distinct positions among the 12 words, ascending, 1-based', () => {
    for (let round = 0; round < 200; round++) {
      const positions = pickPositions(12);
      expect(positions).toHaveLength(3);
      expect(new Set(positions).size).toBe(3);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      for (const position of positions) {
        expect(position).toBeGreaterThanOrEqual(1);
        expect(position).toBeLessThanOrEqual(12);
      }
    }
  });

  it('draws every position sometimes', () => {
    const seen = new Set<number>();
    for (let round = 0; round < 500; round++) for (const position of pickPositions(12)) seen.add(position);
    expect([...seen].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });
});

describe('confirmsPhrase', () => {
  it('accepts the words at the asked positions, ignoring case and surrounding spaces', () => {
    expect(confirmsPhrase(WORDS, [2, 7, 12], ['ability', ' ABSORB ', 'accident'])).toBe(true);
  });

  it('refuses a wrong word, a word of another position, a blank or a missing answer', () => {
    expect(confirmsPhrase(WORDS, [2, 7, 12], ['ability', 'absorb', 'access'])).toBe(false);
    expect(confirmsPhrase(WORDS, [2, 7, 12], ['able', 'absorb', 'accident'])).toBe(false);
    expect(confirmsPhrase(WORDS, [2, 7, 12], ['ability', '', 'accident'])).toBe(false);
    expect(confirmsPhrase(WORDS, [2, 7, 12], ['ability', 'absorb'])).toBe(false);
    expect(confirmsPhrase(WORDS, [], [])).toBe(false);
    expect(confirmsPhrase(WORDS, [13], ['abandon'])).toBe(false);
  });
});
