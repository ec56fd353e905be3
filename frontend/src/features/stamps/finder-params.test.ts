import { describe, expect, it } from 'vitest';
import {
  chooseStampSort,
  chooseStampRarity,
  EMPTY_STAMP_SEARCH,
  mergeStampSearch,
  parseStampSearch,
  stampSearchParams,
  stampTypesFor,
  toggleStampOnly,
  toggleStampType,
  toStampListArgs,
  toStampSearchArgs,
  type StampSearchState,
} from './finder-params';

function parse(query: string, variant: 'stamps' | 'xcp' = 'stamps'): StampSearchState {
  return parseStampSearch(new URLSearchParams(query), variant);
}

function query(state: StampSearchState): string {
  return stampSearchParams(state).toString();
}

describe('parseStampSearch', () => {
  it('reads an empty query as no filters, the default sort and page 1', () => {
    expect(parse('')).toEqual(EMPTY_STAMP_SEARCH);
  });

  it('reads every parameter in canonical order, dropping unknown values', () => {
    expect(parse('types=gif,bogus,png&only=unique,on_sale,nope&sort=floor_price:asc&page=4')).toEqual({
      types: ['png', 'gif'],
      only: ['on_sale', 'unique'],
      sort: { field: 'floor_price', direction: 'asc' },
      rarity: null,
      page: 4,
    });
  });

  it('offers the cursed-stamp filter on the XCP site only', () => {
    expect(parse('types=cursed_stamp,html').types).toEqual(['html']);
    expect(parse('types=cursed_stamp,html', 'xcp').types).toEqual(['html', 'cursed_stamp']);
    expect(stampTypesFor('stamps')).not.toContain('cursed_stamp');
    expect(stampTypesFor('xcp')).toContain('cursed_stamp');
  });

  it('treats the default sort, a bad sort, a bad rarity and a bad page as absent', () => {
    expect(parse('sort=stamp:asc').sort).toBeNull();
    expect(parse('rarity=top5').rarity).toBeNull();
    expect(parse('sort=stamp', 'stamps').sort).toEqual({ field: 'stamp', direction: 'desc' });
    expect(parse('sort=rarity_rank:asc').sort).toEqual({ field: 'rarity_rank', direction: 'asc' });
    expect(parse('sort=supply:up').sort).toBeNull();
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=-2').page).toBe(1);
  });
});

describe('stampSearchParams', () => {
  it('drops defaults: empty filters, the default sort and page 1', () => {
    expect(query(EMPTY_STAMP_SEARCH)).toBe('');
    expect(query({ ...EMPTY_STAMP_SEARCH, sort: { field: 'stamp', direction: 'asc' }, page: 1 })).toBe('');
  });

  it('writes what is set and reads back the same state', () => {
    const state: StampSearchState = {
      types: ['src-721', 'bmn'],
      only: ['locked', 'keyburn'],
      sort: { field: 'last_sale_price', direction: 'asc' },
      rarity: 'top100',
      page: 3,
    };
    expect(query(state)).toBe(
      'types=src-721%2Cbmn&only=locked%2Ckeyburn&sort=last_sale_price%3Aasc&rarity=top100&page=3',
    );
    expect(parse(query(state))).toEqual(state);
  });
});

describe('filter changes', () => {
  it('toggle a type on and off and reset the page', () => {
    const on = toggleStampType({ ...EMPTY_STAMP_SEARCH, page: 5 }, 'svg');
    expect(on).toEqual({ ...EMPTY_STAMP_SEARCH, types: ['svg'] });
    expect(toggleStampType({ ...on, page: 2 }, 'svg')).toEqual(EMPTY_STAMP_SEARCH);
  });

  it('toggle a show-only filter and reset the page', () => {
    const on = toggleStampOnly({ ...EMPTY_STAMP_SEARCH, only: ['burned'], page: 7 }, 'olga');
    expect(on).toEqual({ ...EMPTY_STAMP_SEARCH, only: ['olga', 'burned'] });
  });
});

describe('chooseStampSort', () => {
  it('sorts a new field descending, flips it on the next click, and resets the page', () => {
    const bySupply = chooseStampSort({ ...EMPTY_STAMP_SEARCH, page: 3 }, 'supply');
    expect(bySupply).toEqual({ ...EMPTY_STAMP_SEARCH, sort: { field: 'supply', direction: 'desc' } });
    expect(chooseStampSort(bySupply, 'supply').sort).toEqual({ field: 'supply', direction: 'asc' });
  });

  it('flips the default stamp sort (oldest first) to newest first, and back to the default (left out)', () => {
    const newest = chooseStampSort(EMPTY_STAMP_SEARCH, 'stamp');
    expect(newest.sort).toEqual({ field: 'stamp', direction: 'desc' });
    expect(query(newest)).toBe('sort=stamp%3Adesc');
    expect(chooseStampSort(newest, 'stamp').sort).toBeNull();
  });
});

describe('chooseStampSort from another field', () => {
  it('goes back to the stamp number at its default direction (left out of the URL)', () => {
    const byVolume = chooseStampSort({ ...EMPTY_STAMP_SEARCH, page: 2 }, 'total_volume');
    expect(chooseStampSort(byVolume, 'stamp')).toEqual(EMPTY_STAMP_SEARCH);
  });
});

describe('toStampSearchArgs', () => {
  it("sends the default sort explicitly (the API's own default is newest first)", () => {
    expect(toStampSearchArgs('', EMPTY_STAMP_SEARCH, 24)).toEqual({ q: '', offset: 0, limit: 24, sort: 'stamp:asc' });
  });

  it('passes the filters, the sort and the page offset as the API spells them', () => {
    expect(
      toStampSearchArgs('pepe', parse('types=html&only=on_sale,unique&sort=dividend_count:asc&page=3'), 24),
    ).toEqual({ q: 'pepe', types: 'html', only: 'on_sale,unique', sort: 'dividend_count:asc', offset: 48, limit: 24 });
  });
});

describe('mergeStampSearch', () => {
  it("writes the finder's parameters over others', keeping theirs", () => {
    const current = new URLSearchParams('tab=minted&types=png&page=3&slideshow=scroll,3,3,0');
    const next = toggleStampOnly(parse(current.toString()), 'locked');
    expect(mergeStampSearch(current, next).toString()).toBe(
      'tab=minted&slideshow=scroll%2C3%2C3%2C0&types=png&only=locked',
    );
  });
});

describe('the rarity filter and sort', () => {
  it('picks one rarity at a time, drops it on a second click, and resets the page', () => {
    const top = chooseStampRarity({ ...EMPTY_STAMP_SEARCH, page: 3 }, 'top10');
    expect(top).toEqual({ ...EMPTY_STAMP_SEARCH, rarity: 'top10' });
    expect(chooseStampRarity(top, 'sub1000').rarity).toBe('sub1000');
    expect(chooseStampRarity(top, 'top10')).toEqual(EMPTY_STAMP_SEARCH);
  });

  it('sorts by rarity rarest first, and sends the rarity only where the list takes it', () => {
    const byRarity = chooseStampSort(EMPTY_STAMP_SEARCH, 'rarity_rank');
    expect(byRarity.sort).toEqual({ field: 'rarity_rank', direction: 'asc' });
    const state = { ...byRarity, rarity: 'top100' as const };
    expect(toStampListArgs(state, 24)).toEqual({ offset: 0, limit: 24, sort: 'rarity_rank:asc', rarity: 'top100' });
    expect(toStampListArgs(state, 24, false)).toEqual({ offset: 0, limit: 24, sort: 'rarity_rank:asc' });
    expect(mergeStampSearch(new URLSearchParams('rarity=top10&tab=owned'), EMPTY_STAMP_SEARCH).toString()).toBe(
      'tab=owned',
    );
  });
});
