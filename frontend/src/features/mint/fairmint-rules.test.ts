import { describe, expect, it } from 'vitest';
import type { FairmintTerms } from '@/lib/mint-request';
import { canFairmint, fairmintCost, fairmintMax, fairmintQuantity, isPaidFairminter } from './fairmint-rules';

function terms(overrides: Partial<FairmintTerms> = {}): FairmintTerms {
  return {
    cpid: 'PEPEFAIR',
    asset_longname: null,
    divisible: false,
    status: 'open',
    price: '50000000',
    quantity_by_price: '10',
    hard_cap: '1000',
    max_mint_per_tx: '50',
    premint_quantity: '100',
    earned_quantity: '300',
    ...overrides,
  };
}

const n = (value: number) => BigInt(value);

describe('fairmint rules', () => {
  it('mints only an open fairminter, and pays only a priced one', () => {
    expect(canFairmint(terms())).toBe(true);
    expect(canFairmint(terms({ status: 'closed' }))).toBe(false);
    expect(canFairmint(terms({ status: 'pending' }))).toBe(false);
    expect(isPaidFairminter(terms())).toBe(true);
    expect(isPaidFairminter(terms({ price: '0' }))).toBe(false);
  });

  it('caps a mint at the per-mint maximum and at what the hard cap leaves', () => {
    expect(fairmintMax(terms())).toBe(n(50));
    expect(fairmintMax(terms({ earned_quantity: '880' }))).toBe(n(20));
    expect(fairmintMax(terms({ earned_quantity: '950' }))).toBe(n(0));
    expect(fairmintMax(terms({ max_mint_per_tx: '0' }))).toBe(n(600));
    expect(fairmintMax(terms({ max_mint_per_tx: '0', hard_cap: '0' }))).toBeNull();
  });

  it('makes the quantity a multiple of the lot, at least one lot, at most the maximum', () => {
    expect(fairmintQuantity(n(25), terms())).toBe(n(20));
    expect(fairmintQuantity(n(5), terms())).toBe(n(10));
    expect(fairmintQuantity(n(0), terms())).toBe(n(10));
    expect(fairmintQuantity(null, terms())).toBe(n(10));
    expect(fairmintQuantity(n(500), terms())).toBe(n(50));
    expect(fairmintQuantity(n(500), terms({ max_mint_per_tx: '45' }))).toBe(n(40));
    // Unlimited: only the lot rounds it.
    expect(fairmintQuantity(n(12_345), terms({ max_mint_per_tx: '0', hard_cap: '0' }))).toBe(n(12_340));
  });

  it('prices the lots in XCP base units', () => {
    expect(fairmintCost(n(30), terms())).toBe(n(150_000_000));
    expect(fairmintCost(n(10), terms({ price: '0' }))).toBe(n(0));
  });
});
