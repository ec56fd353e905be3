import { describe, expect, it } from 'vitest';
import { FAQ } from './content';

describe('FAQ', () => {
  it('answers the five questions, each under a unique anchor', () => {
    expect(FAQ.map((entry) => entry.question)).toEqual([
      'What are stamps?',
      'What is SRC-20?',
      'What are dispensers?',
      'What are atomic swaps?',
      'How do fees work?',
    ]);
    expect(new Set(FAQ.map((entry) => entry.id)).size).toBe(FAQ.length);
    for (const entry of FAQ) expect(entry.answer.length).toBeGreaterThan(0);
  });

  it("states the spec's fee rules in whole satoshis and says buying and minting are not offered yet", () => {
    const fees = FAQ.find((entry) => entry.id === 'fees')?.answer.join(' ') ?? '';
    expect(fees).toContain('the largest of 2% of the total, 2,222 satoshis per item and 22 times the fee rate');
    expect(fees).toContain('3% royalty');
    expect(fees).toContain('Buying and minting through this site are not available yet.');
    expect(fees).not.toMatch(/\d\.\d+ ?BTC/);
  });
});
