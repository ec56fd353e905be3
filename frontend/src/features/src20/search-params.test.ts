import { describe, expect, it } from 'vitest';
import {
  chooseSort,
  clearTick,
  EMPTY_SRC20_SEARCH,
  parseSrc20Search,
  src20SearchParams,
  toggleOnly,
  toggleType,
  toSrc20SearchArgs,
  type Src20SearchState,
} from './search-params';

function parse(query: string): Src20SearchState {
  return parseSrc20Search(new URLSearchParams(query));
}

function query(state: Src20SearchState): string {
  return src20SearchParams(state).toString();
}

describe('parseSrc20Search', () => {
  it('reads an empty query as no filters, the default sort and page 1', () => {
    expect(parse('')).toEqual(EMPTY_SRC20_SEARCH);
  });

  it('reads every parameter, in canonical order, dropping unknown values', () => {
    expect(parse('types=mint,bogus,deploy&only=valid,nope&sort=stamp:asc&page=3&tick=PEPE')).toEqual({
      types: ['deploy', 'mint'],
      only: ['valid'],
      sort: { field: 'stamp', direction: 'asc' },
      page: 3,
      tick: 'PEPE',
    });
  });

  it('treats the default sort, a bad sort and a bad page as absent', () => {
    expect(parse('sort=stamp:desc').sort).toBeNull();
    expect(parse('sort=stamp').sort).toBeNull();
    expect(parse('sort=price:desc').sort).toBeNull();
    expect(parse('sort=progress:sideways').sort).toBeNull();
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=x').page).toBe(1);
  });

  it('forces Deploy for Minted out, In progress and the deploy-only sorts in a hand-made URL', () => {
    expect(parse('types=mint&only=minted_out').types).toEqual(['deploy']);
    expect(parse('types=transfer&only=in_progress').types).toEqual(['deploy']);
    for (const field of ['progress', 'holdersCount', 'mintedCount', 'mintersCount']) {
      expect(parse(`types=mint,transfer&sort=${field}:asc`).types).toEqual(['deploy']);
    }
    expect(parse('types=mint&sort=stamp:asc').types).toEqual(['mint']);
  });

  it('keeps only one of Minted out and In progress', () => {
    expect(parse('only=minted_out,in_progress').only).toEqual(['minted_out']);
  });
});

describe('src20SearchParams', () => {
  it('leaves defaults out: page 1, the default sort, empty filters', () => {
    expect(query(EMPTY_SRC20_SEARCH)).toBe('');
    expect(query({ ...EMPTY_SRC20_SEARCH, sort: { field: 'stamp', direction: 'desc' } })).toBe('');
  });

  it('writes what is set, and reads back the same state', () => {
    const state: Src20SearchState = {
      types: ['deploy'],
      only: ['valid', 'in_progress'],
      sort: { field: 'holdersCount', direction: 'asc' },
      page: 2,
      tick: 'KEVIN',
    };
    expect(query(state)).toBe('types=deploy&only=valid%2Cin_progress&sort=holdersCount%3Aasc&tick=KEVIN&page=2');
    expect(parse(query(state))).toEqual(state);
  });
});

describe('toggleType', () => {
  it('adds and removes a type', () => {
    const added = toggleType(EMPTY_SRC20_SEARCH, 'mint');
    expect(added.types).toEqual(['mint']);
    expect(toggleType(added, 'mint').types).toEqual([]);
  });

  it('clears the other only-filters, the sort, the page and the tick (Valid stays)', () => {
    const state: Src20SearchState = {
      types: ['deploy'],
      only: ['valid', 'minted_out'],
      sort: { field: 'progress', direction: 'asc' },
      page: 4,
      tick: 'PEPE',
    };
    expect(toggleType(state, 'transfer')).toEqual({
      types: ['deploy', 'transfer'],
      only: ['valid'],
      sort: null,
      page: 1,
      tick: null,
    });
  });
});

describe('toggleOnly', () => {
  it('forces Deploy for Minted out and In progress, and resets the page', () => {
    const state = { ...EMPTY_SRC20_SEARCH, types: ['mint' as const, 'transfer' as const], page: 3 };
    expect(toggleOnly(state, 'minted_out')).toMatchObject({ types: ['deploy'], only: ['minted_out'], page: 1 });
    expect(toggleOnly(state, 'in_progress')).toMatchObject({ types: ['deploy'], only: ['in_progress'], page: 1 });
  });

  it('does not force a type for Valid', () => {
    expect(toggleOnly({ ...EMPTY_SRC20_SEARCH, types: ['mint'] }, 'valid')).toMatchObject({
      types: ['mint'],
      only: ['valid'],
    });
  });

  it('lets Minted out and In progress replace each other', () => {
    const mintedOut = toggleOnly(toggleOnly(EMPTY_SRC20_SEARCH, 'valid'), 'minted_out');
    expect(mintedOut.only).toEqual(['valid', 'minted_out']);
    expect(toggleOnly(mintedOut, 'in_progress').only).toEqual(['valid', 'in_progress']);
  });

  it('removes a filter on a second click', () => {
    expect(toggleOnly(toggleOnly(EMPTY_SRC20_SEARCH, 'valid'), 'valid').only).toEqual([]);
  });
});

describe('chooseSort', () => {
  it('sorts a new field descending, flips the active one, and resets the page', () => {
    const byProgress = chooseSort({ ...EMPTY_SRC20_SEARCH, page: 5 }, 'progress');
    expect(byProgress).toMatchObject({ sort: { field: 'progress', direction: 'desc' }, page: 1 });
    expect(chooseSort(byProgress, 'progress').sort).toEqual({ field: 'progress', direction: 'asc' });
    expect(chooseSort(chooseSort(byProgress, 'progress'), 'progress').sort).toEqual({
      field: 'progress',
      direction: 'desc',
    });
  });

  it('flips the default stamp sort on the first click, and returns to the default (left out) on the second', () => {
    const ascending = chooseSort(EMPTY_SRC20_SEARCH, 'stamp');
    expect(ascending.sort).toEqual({ field: 'stamp', direction: 'asc' });
    expect(chooseSort(ascending, 'stamp').sort).toBeNull();
  });

  it.each(['progress', 'holdersCount', 'mintedCount', 'mintersCount'] as const)('%s forces Deploy', (field) => {
    expect(chooseSort({ ...EMPTY_SRC20_SEARCH, types: ['mint'] }, field).types).toEqual(['deploy']);
  });

  it('the stamp sort keeps the types', () => {
    expect(chooseSort({ ...EMPTY_SRC20_SEARCH, types: ['mint'] }, 'stamp').types).toEqual(['mint']);
  });
});

describe('clearTick', () => {
  it('drops the tick and the page', () => {
    expect(clearTick({ ...EMPTY_SRC20_SEARCH, tick: 'PEPE', page: 2 })).toEqual(EMPTY_SRC20_SEARCH);
  });
});

describe('toSrc20SearchArgs', () => {
  it('leaves out what is not set', () => {
    expect(toSrc20SearchArgs('', EMPTY_SRC20_SEARCH, 24)).toEqual({ q: '', page: 1, limit: 24 });
  });

  it('passes the filters, sort, tick and page as the API spells them', () => {
    const state = parse('only=valid,minted_out&sort=mintersCount:asc&tick=PEPE&page=2');
    expect(toSrc20SearchArgs('pe', state, 24)).toEqual({
      q: 'pe',
      types: 'deploy',
      only: 'valid,minted_out',
      sort: 'mintersCount:asc',
      tick: 'PEPE',
      page: 2,
      limit: 24,
    });
  });
});
