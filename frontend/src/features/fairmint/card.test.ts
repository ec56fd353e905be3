import { describe, expect, it } from 'vitest';
import { fairmintFigures, showsLastMint, timeAgo } from './card';
import type { FairminterCard } from './types';

function fairminter(overrides: Partial<FairminterCard> = {}): FairminterCard {
  return {
    cpid: 'PEPEFAIR',
    asset_longname: null,
    tx_hash: 'fair-tx',
    status: 'open',
    source: 'bc1qcreatorcreatorcreatorcreator12345',
    divisible: true,
    timestamp: 1700000000,
    last_mint: 1700000000,
    minted_count: 1500,
    minters_count: 320,
    holders_count: 300,
    start_block: 800000,
    end_block: 900000,
    price: '0',
    quantity_by_price: '100000000',
    hard_cap: '2100000000000000',
    premint_quantity: '210000000000000',
    max_mint_per_tx: '100000000000',
    earned_quantity: '840000000000000',
    progress: '50.00',
    image: null,
    ...overrides,
  };
}

describe('fairmintFigures', () => {
  it('divides divisible quantities by 1e8 exactly and derives total and premint share', () => {
    expect(fairmintFigures(fairminter())).toEqual({
      premint: '2100000',
      total: '10500000',
      max: '21000000',
      perMint: '1000',
      premintPercent: '10.00',
    });
  });

  it('keeps indivisible quantities, and reads a zero cap or per-mint limit as none', () => {
    expect(
      fairmintFigures(
        fairminter({
          divisible: false,
          hard_cap: '0',
          max_mint_per_tx: '0',
          premint_quantity: '5',
          earned_quantity: '7',
        }),
      ),
    ).toEqual({ premint: '5', total: '12', max: null, perMint: null, premintPercent: null });
  });

  it('is exact past the float range', () => {
    const figures = fairmintFigures(
      fairminter({ premint_quantity: '9007199254740993', earned_quantity: '1', hard_cap: '90071992547409940' }),
    );
    expect(figures.total).toBe('90071992.54740994');
    expect(figures.premintPercent).toBe('9.99');
  });
});

describe('last mint', () => {
  const now = 1_700_000_000;
  it('shows only within 10 days', () => {
    expect(showsLastMint(now - 10 * 86400, now)).toBe(true);
    expect(showsLastMint(now - 10 * 86400 - 1, now)).toBe(false);
    expect(showsLastMint(null, now)).toBe(false);
  });

  it('reads as a coarse time ago', () => {
    expect(timeAgo(now - 30, now)).toBe('just now');
    expect(timeAgo(now - 300, now)).toBe('5 min ago');
    expect(timeAgo(now - 3 * 3600, now)).toBe('3 h ago');
    expect(timeAgo(now - 2 * 86400, now)).toBe('2 d ago');
  });
});
