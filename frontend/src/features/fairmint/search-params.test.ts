import { describe, expect, it } from 'vitest';
import {
  chooseFairmintSort,
  EMPTY_FAIRMINT_SEARCH,
  fairmintSearchParams,
  offersValid,
  parseFairmintSearch,
  toFairmintSearchArgs,
  toggleFairmintOnly,
  type FairmintSearchState,
} from './search-params';

function parse(query: string): FairmintSearchState {
  return parseFairmintSearch(new URLSearchParams(query));
}

describe('parseFairmintSearch', () => {
  it('reads an empty query as no filters, the default sort and page 1', () => {
    expect(parse('')).toEqual(EMPTY_FAIRMINT_SEARCH);
  });

  it('reads filters in canonical order, the sort and the page', () => {
    expect(parse('only=limited,completed,bogus&sort=holders_count:asc&page=2')).toEqual({
      only: ['completed', 'limited'],
      sort: { field: 'holders_count', direction: 'asc' },
      page: 2,
    });
  });

  it('applies the exclusion rules to a hand-made URL', () => {
    expect(parse('only=completed,in_progress').only).toEqual(['completed']);
    expect(parse('only=in_progress,valid').only).toEqual(['in_progress']);
    expect(parse('only=valid,limited').only).toEqual(['limited', 'valid']);
  });

  it('treats the default sort and unknown sorts as absent', () => {
    expect(parse('sort=timestamp:desc').sort).toBeNull();
    expect(parse('sort=timestamp').sort).toBeNull();
    expect(parse('sort=price:asc').sort).toBeNull();
  });
});

describe('fairmintSearchParams', () => {
  it('drops the defaults and round-trips', () => {
    expect(fairmintSearchParams(EMPTY_FAIRMINT_SEARCH).toString()).toBe('');
    const state: FairmintSearchState = {
      only: ['in_progress', 'limited'],
      sort: { field: 'end_block', direction: 'asc' },
      page: 3,
    };
    expect(fairmintSearchParams(state).toString()).toBe('only=in_progress%2Climited&sort=end_block%3Aasc&page=3');
    expect(parse(fairmintSearchParams(state).toString())).toEqual(state);
  });
});

describe('toggleFairmintOnly', () => {
  it('lets Completed and In progress replace each other, and resets the page', () => {
    const completed = toggleFairmintOnly({ ...EMPTY_FAIRMINT_SEARCH, only: ['limited'], page: 4 }, 'completed');
    expect(completed).toEqual({ ...EMPTY_FAIRMINT_SEARCH, only: ['completed', 'limited'] });
    expect(toggleFairmintOnly(completed, 'in_progress').only).toEqual(['in_progress', 'limited']);
  });

  it('removes Valid when Completed or In progress is picked, and offers it again after', () => {
    const valid = toggleFairmintOnly(EMPTY_FAIRMINT_SEARCH, 'valid');
    expect(offersValid(valid)).toBe(true);
    const open = toggleFairmintOnly(valid, 'in_progress');
    expect(open.only).toEqual(['in_progress']);
    expect(offersValid(open)).toBe(false);
    expect(offersValid(toggleFairmintOnly(open, 'in_progress'))).toBe(true);
  });

  it('removes a filter on a second click', () => {
    expect(toggleFairmintOnly(toggleFairmintOnly(EMPTY_FAIRMINT_SEARCH, 'limited'), 'limited')).toEqual(
      EMPTY_FAIRMINT_SEARCH,
    );
  });
});

describe('chooseFairmintSort', () => {
  it('starts a new field descending, flips on a repeated click, resets the page', () => {
    const byProgress = chooseFairmintSort({ ...EMPTY_FAIRMINT_SEARCH, page: 6 }, 'progress');
    expect(byProgress).toEqual({ ...EMPTY_FAIRMINT_SEARCH, sort: { field: 'progress', direction: 'desc' } });
    expect(chooseFairmintSort(byProgress, 'progress').sort).toEqual({ field: 'progress', direction: 'asc' });
  });

  it('flips the default timestamp sort and returns to it (left out)', () => {
    const oldest = chooseFairmintSort(EMPTY_FAIRMINT_SEARCH, 'timestamp');
    expect(oldest.sort).toEqual({ field: 'timestamp', direction: 'asc' });
    expect(chooseFairmintSort(oldest, 'timestamp').sort).toBeNull();
  });
});

describe('toFairmintSearchArgs', () => {
  it('asks 24 per page and leaves out the defaults', () => {
    expect(toFairmintSearchArgs('', EMPTY_FAIRMINT_SEARCH)).toEqual({ q: '', page: 1, limit: 24 });
    expect(toFairmintSearchArgs('PEPE', parse('only=limited&sort=last_mint:asc&page=2'))).toEqual({
      q: 'PEPE',
      only: 'limited',
      sort: 'last_mint:asc',
      page: 2,
      limit: 24,
    });
  });
});
