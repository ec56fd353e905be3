import { describe, expect, it } from 'vitest';
import {
  clickSort,
  DEFAULT_COLLECTION_SORT,
  parseCollectionList,
  parseCollectionSort,
  sortSearch,
  toCollectionListArgs,
} from './sort-params';

describe('parseCollectionSort', () => {
  it('reads field:direction, a bare field as descending, and anything unknown as trending:desc', () => {
    expect(parseCollectionSort('floor_price:asc')).toEqual({ field: 'floor_price', direction: 'asc' });
    expect(parseCollectionSort('market_cap')).toEqual({ field: 'market_cap', direction: 'desc' });
    expect(parseCollectionSort(null)).toEqual(DEFAULT_COLLECTION_SORT);
    expect(parseCollectionSort('price:asc')).toEqual(DEFAULT_COLLECTION_SORT);
    expect(parseCollectionSort('stamp_count:up')).toEqual(DEFAULT_COLLECTION_SORT);
  });

  it('reads the page with the sort', () => {
    expect(parseCollectionList(new URLSearchParams('sort=stamp_count:asc&page=3'))).toEqual({
      sort: { field: 'stamp_count', direction: 'asc' },
      page: 3,
    });
  });
});

describe('clickSort', () => {
  it('sets a new field ascending and flips the active one', () => {
    expect(clickSort(DEFAULT_COLLECTION_SORT, 'floor_price')).toEqual({ field: 'floor_price', direction: 'asc' });
    expect(clickSort({ field: 'floor_price', direction: 'asc' }, 'floor_price')).toEqual({
      field: 'floor_price',
      direction: 'desc',
    });
    expect(clickSort(DEFAULT_COLLECTION_SORT, 'trending')).toEqual({ field: 'trending', direction: 'asc' });
  });
});

describe('sortSearch', () => {
  it('writes the sort, drops the page and keeps other parameters', () => {
    expect(sortSearch('?page=4&site=xcp', 'total_volume')).toBe('?site=xcp&sort=total_volume%3Aasc');
    expect(sortSearch('?sort=total_volume:asc&page=2', 'total_volume')).toBe('?sort=total_volume%3Adesc');
  });

  it('removes the default trending:desc from the URL', () => {
    expect(sortSearch('?sort=trending:asc&page=2', 'trending')).toBe('');
  });
});

describe('toCollectionListArgs', () => {
  it('leaves out the default sort and page 1', () => {
    expect(toCollectionListArgs('', { sort: DEFAULT_COLLECTION_SORT, page: 1 }, 50)).toEqual({ limit: 50 });
    expect(toCollectionListArgs('pepe', { sort: { field: 'stamp_count', direction: 'asc' }, page: 2 }, 50)).toEqual({
      q: 'pepe',
      sort: 'stamp_count:asc',
      page: 2,
      limit: 50,
    });
  });
});
