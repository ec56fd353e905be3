import { describe, expect, it } from 'vitest';
import { src20AmountProblem, src20MintOf, src20Urgent, src20Warning, src20Warns } from './src20-rules';

describe('SRC-20 mint rules', () => {
  it('warns past 20% minted and takes the buy fee past 50%', () => {
    expect(src20Warns('20')).toBe(false);
    expect(src20Warns('20.01')).toBe(true);
    expect(src20Warns(null)).toBe(false);
    expect(src20Urgent('50.00')).toBe(false);
    expect(src20Urgent('50.5')).toBe(true);
    expect(src20Urgent('junk')).toBe(false);
    expect(src20Warning('PEPE', '42.50')).toMatch(/^PEPE is 42\.5% minted: /);
  });

  it('accepts an amount above 0 and at most the limit, with no more decimals than the tick', () => {
    expect(src20AmountProblem('1000', '1000', 18)).toBeNull();
    expect(src20AmountProblem('0.5', '1000', 18)).toBeNull();
    expect(src20AmountProblem(' 1,000 ', '1000', 18)).toBeNull();
    expect(src20AmountProblem('999.999', '1000', 3)).toBeNull();
    expect(src20AmountProblem('1000.0001', '1000', 18)).toBe('The amount must be more than 0 and at most 1000');
    expect(src20AmountProblem('0', '1000', 18)).toBe('The amount must be more than 0 and at most 1000');
    expect(src20AmountProblem('0.001', '1000', 2)).toBe('The amount must be a number with at most 2 decimals');
    expect(src20AmountProblem('1.5', '1000', 0)).toBe('The amount must be a whole number');
    expect(src20AmountProblem('abc', '1000', null)).toBe('The amount must be a number with at most 18 decimals');
    expect(src20AmountProblem('', '1000', 18)).not.toBeNull();
  });

  it('needs the tick and its limit to mint', () => {
    const terms = { tick: 'PEPE', limit: '1000', max: '21000000', decimals: 18, progress: '1', royalties: null };
    expect(src20MintOf(terms)).toEqual(terms);
    expect(src20MintOf(null)).toBeNull();
    expect(src20MintOf({ ...terms, limit: null })).toBeNull();
    expect(src20MintOf({ ...terms, limit: 'lots' })).toBeNull();
    expect(src20MintOf({ ...terms, tick: '' })).toBeNull();
  });
});
