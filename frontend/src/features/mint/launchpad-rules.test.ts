import { describe, expect, it } from 'vitest';
import type { Collection } from '@/lib/collection';
import {
  launchpadMintOf,
  listedRounds,
  ownerFeeOf,
  shouldCheckWhitelist,
  whitelistFee,
  whitelistStatus,
} from './launchpad-rules';

const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const NOW = 1_000_000;

describe('the whitelist check', () => {
  it('asks only with a collection id and an address longer than 26 characters', () => {
    expect(shouldCheckWhitelist('pixels', ADDRESS)).toBe(true);
    expect(shouldCheckWhitelist('pixels', 'x'.repeat(27))).toBe(true);
    expect(shouldCheckWhitelist('pixels', 'x'.repeat(26))).toBe(false);
    expect(shouldCheckWhitelist('pixels', ` ${'x'.repeat(26)} `)).toBe(false);
    expect(shouldCheckWhitelist('', ADDRESS)).toBe(false);
  });

  it('reads the rounds listed: a number or a list, -1 for none', () => {
    expect(listedRounds(0)).toEqual([0]);
    expect(listedRounds(-1)).toEqual([]);
    expect(listedRounds([1, 2])).toEqual([1, 2]);
    expect(listedRounds([-1])).toEqual([]);
    expect(listedRounds('0')).toBeNull();
    expect(listedRounds([0.5])).toBeNull();
  });

  it('is idle, checking, failed, not eligible or eligible', () => {
    const waiting = { isError: false, isFetching: true };
    expect(whitelistStatus(false, waiting)).toEqual({ state: 'idle' });
    expect(whitelistStatus(true, waiting)).toEqual({ state: 'checking' });
    expect(whitelistStatus(true, { isError: true, isFetching: false })).toEqual({ state: 'error' });
    const answer = (data: unknown) => whitelistStatus(true, { data, isError: false, isFetching: false });
    expect(answer({ result: 0, max: 0, minted: 0, error: 'No such collection' })).toEqual({ state: 'error' });
    expect(answer({ result: 'yes', max: 0, minted: 0, error: '' })).toEqual({ state: 'error' });
    expect(answer(undefined)).toEqual({ state: 'error' });
    expect(answer({ result: -1, max: 0, minted: 0, error: '' })).toEqual({ state: 'notEligible' });
    expect(answer({ result: [0, 2], max: 5, minted: 1, error: '' })).toEqual({
      state: 'eligible',
      rounds: [0, 2],
      max: 5,
      minted: 1,
    });
  });

  it("takes the lowest fee of the address's rounds running now, none when none runs", () => {
    const config = [
      { time_range: [NOW - 10, NOW + 10], fee: 5000, limit: 10, limit_per_hold: 1, groups: [] },
      { time_range: [NOW - 10, NOW + 10], fee: 0, limit: 10, limit_per_hold: 1, groups: [] },
      { time_range: [NOW + 10, NOW + 20], fee: 100, limit: 10, limit_per_hold: 1, groups: [] },
    ];
    expect(whitelistFee(config, [0], NOW)).toBe(5000);
    expect(whitelistFee(config, [0, 1], NOW)).toBe(0);
    expect(whitelistFee(config, [2], NOW)).toBeNull();
    expect(whitelistFee(config, [7], NOW)).toBeNull();
    expect(whitelistFee(null, [0], NOW)).toBeNull();
  });
});

describe("the launchpad owner's fee", () => {
  const collection = { collection_id: 'pixels', fee: 30000, free_mint: [NOW - 10, NOW + 10] } as Collection;

  it("is the whitelist round's fee when one runs for the minter, a zero one marked", () => {
    expect(ownerFeeOf(collection, NOW, 1000)).toEqual({ ownerFee: 1000, freeWhitelist: false });
    expect(ownerFeeOf(collection, NOW, 0)).toEqual({ ownerFee: 0, freeWhitelist: true });
  });

  it("is nothing inside the free-mint window or without a fee, else the launchpad's fee", () => {
    expect(ownerFeeOf(collection, NOW, null)).toEqual({ ownerFee: 0, freeWhitelist: false });
    expect(ownerFeeOf(collection, NOW + 10, null)).toEqual({ ownerFee: 30000, freeWhitelist: false });
    expect(ownerFeeOf({ ...collection, fee: 0, free_mint: null }, NOW, null)).toEqual({
      ownerFee: 0,
      freeWhitelist: false,
    });
  });

  it('needs the collection to mint from', () => {
    expect(launchpadMintOf(collection)).toBe(collection);
    expect(launchpadMintOf(null)).toBeNull();
    expect(launchpadMintOf({ ...collection, collection_id: '' })).toBeNull();
  });
});
