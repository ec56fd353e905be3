import { describe, expect, it } from 'vitest';
import { SITES } from '@/config/site';
import { normalizeAutocomplete } from './api';
import { exactMatch, submitTarget } from './submit-target';
import type { Autocomplete } from './types';

const hits: Autocomplete = {
  stampHits: [
    { stamp: 1234, cpid: 'A3471624412617400000', asset_longname: null },
    { stamp: -7, cpid: 'PEPECASH', asset_longname: null },
  ],
  src20Hits: [{ tick: 'kevin' }, { tick: 'kevins' }],
  collectionHits: [{ collection_id: 'A759628262854187034', name: 'Pepe Rares' }],
  leaderboardHits: [
    { user_id: 'bc1qalicealicealicealicealicealicealice0', display_name: 'alice' },
    { user_id: 'bob', display_name: null },
  ],
};

const stampHref = SITES.stamps.stampHref;

describe('exactMatch', () => {
  it('finds a user by id or display name, case-insensitively, and opens the profile by its name', () => {
    expect(exactMatch('ALICE', hits, stampHref)).toBe('/profile/alice');
    expect(exactMatch('bc1qalicealicealicealicealicealicealice0', hits, stampHref)).toBe('/profile/alice');
    expect(exactMatch(' bob ', hits, stampHref)).toBe('/profile/bob');
  });

  it("finds a stamp by cpid (not by number), in the variant's path", () => {
    expect(exactMatch('a3471624412617400000', hits, stampHref)).toBe('/stamp/A3471624412617400000');
    expect(exactMatch('pepecash', hits, SITES.xcp.stampHref)).toBe('/asset/PEPECASH');
    expect(exactMatch('1234', hits, stampHref)).toBeUndefined();
  });

  it('finds a collection by id or name, and an SRC-20 by tick', () => {
    expect(exactMatch('pepe rares', hits, stampHref)).toBe('/collection/A759628262854187034');
    expect(exactMatch('A759628262854187034', hits, stampHref)).toBe('/collection/A759628262854187034');
    expect(exactMatch('KEVIN', hits, stampHref)).toBe('/src20/tick/kevin');
  });

  it('prefers a user, then a stamp, then a collection, then a tick', () => {
    const clash: Autocomplete = {
      stampHits: [{ stamp: 1, cpid: 'PEPE', asset_longname: null }],
      src20Hits: [{ tick: 'pepe' }],
      collectionHits: [{ collection_id: 'c1', name: 'pepe' }],
      leaderboardHits: [{ user_id: 'pepe', display_name: null }],
    };
    expect(exactMatch('pepe', clash, stampHref)).toBe('/profile/pepe');
    expect(exactMatch('pepe', { ...clash, leaderboardHits: [] }, stampHref)).toBe('/stamp/PEPE');
    expect(exactMatch('pepe', { ...clash, leaderboardHits: [], stampHits: [] }, stampHref)).toBe('/collection/c1');
    expect(exactMatch('pepe', { ...normalizeAutocomplete(null), src20Hits: clash.src20Hits }, stampHref)).toBe(
      '/src20/tick/pepe',
    );
  });

  it('ignores prefixes, empty text, and text matching two items of a group', () => {
    expect(exactMatch('kev', hits, stampHref)).toBeUndefined();
    expect(exactMatch('', hits, stampHref)).toBeUndefined();
    const twice: Autocomplete = {
      ...normalizeAutocomplete(null),
      stampHits: [
        { stamp: 5, cpid: 'abc', asset_longname: null },
        { stamp: 6, cpid: 'ABC', asset_longname: null },
      ],
    };
    expect(exactMatch('abc', twice, stampHref)).toBeUndefined();
  });
});

describe('submitTarget', () => {
  it('goes to the exact match, else to /search/{text}, or /search when empty', () => {
    expect(submitTarget('pepecash', hits, stampHref)).toBe('/stamp/PEPECASH');
    expect(submitTarget('pepe', hits, stampHref)).toBe('/search/pepe');
    expect(submitTarget('123', normalizeAutocomplete(null), stampHref)).toBe('/search/123');
    expect(submitTarget('  ', hits, stampHref)).toBe('/search');
  });
});

describe('normalizeAutocomplete', () => {
  it('reads a missing or malformed group as empty', () => {
    expect(
      normalizeAutocomplete({ stampHits: [{ stamp: 1, cpid: 'A', asset_longname: null }], src20Hits: 'x' }),
    ).toEqual({
      stampHits: [{ stamp: 1, cpid: 'A', asset_longname: null }],
      src20Hits: [],
      collectionHits: [],
      leaderboardHits: [],
    });
  });
});

describe('an emoji tick', () => {
  it('opens its page by the percent-encoded tick', () => {
    const frog: Autocomplete = { stampHits: [], src20Hits: [{ tick: '🐸' }], collectionHits: [], leaderboardHits: [] };
    expect(exactMatch('🐸', frog, stampHref)).toBe('/src20/tick/%F0%9F%90%B8');
  });
});
