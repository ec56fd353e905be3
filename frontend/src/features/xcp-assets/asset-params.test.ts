import { describe, expect, it } from 'vitest';
import {
  ASSET_SORT_FIELDS,
  ASSET_TYPES,
  assetSearchParams,
  chooseAssetSort,
  DEFAULT_ASSET_SORT,
  EMPTY_ASSET_SEARCH,
  parseAssetSearch,
  toAssetSearchArgs,
  toggleAssetOnly,
  toggleAssetType,
  type AssetSearchState,
} from './asset-params';
import { assetDescription, enhancedInfoHref } from './asset-rules';

describe('XCP finder URL rules', () => {
  it('reads the filters, sort and page, dropping unknown ones and the default sort', () => {
    expect(
      parseAssetSearch(
        new URLSearchParams(
          'types=html,bogus,cursed_stamp,png&only=on_sale,locked,bogus,stamps&sort=holders:asc&page=3',
        ),
      ),
    ).toEqual({
      types: ['png', 'html', 'cursed_stamp'],
      only: ['stamps', 'locked', 'on_sale'],
      sort: { field: 'holders', direction: 'asc' },
      page: 3,
    });
    expect(parseAssetSearch(new URLSearchParams('sort=block_index:desc'))).toEqual(EMPTY_ASSET_SEARCH);
    // The Stamps finder's keyburn filter, its default sort's field with an unknown direction and unknown sorts.
    expect(parseAssetSearch(new URLSearchParams('only=keyburn&sort=stamp:up&types=webp'))).toEqual(EMPTY_ASSET_SEARCH);
    expect(parseAssetSearch(new URLSearchParams('sort=popularity:desc'))).toEqual(EMPTY_ASSET_SEARCH);
    // The stamp sorts are the XCP finder's too.
    expect(parseAssetSearch(new URLSearchParams('sort=floor_price:asc')).sort).toEqual({
      field: 'floor_price',
      direction: 'asc',
    });
    expect(parseAssetSearch(new URLSearchParams('sort=rarity_rank:desc')).sort).toEqual({
      field: 'rarity_rank',
      direction: 'desc',
    });
  });

  it('writes a state back without its defaults, and reads it back as it was', () => {
    expect(assetSearchParams(EMPTY_ASSET_SEARCH).toString()).toBe('');
    expect(assetSearchParams({ ...EMPTY_ASSET_SEARCH, sort: DEFAULT_ASSET_SORT, page: 1 }).toString()).toBe('');
    expect(
      assetSearchParams({ types: [], only: ['named'], sort: { field: 'asset', direction: 'asc' }, page: 2 }).toString(),
    ).toBe('only=named&sort=asset%3Aasc&page=2');
    const state: AssetSearchState = {
      types: ['src-721', 'bmn', 'cursed_stamp'],
      only: ['stamps', 'on_sale'],
      sort: { field: 'last_sale_price', direction: 'desc' },
      page: 4,
    };
    const query = assetSearchParams(state);
    expect(query.toString()).toBe(
      'types=src-721%2Cbmn%2Ccursed_stamp&only=stamps%2Con_sale&sort=last_sale_price%3Adesc&page=4',
    );
    expect(parseAssetSearch(query)).toEqual(state);
    expect(parseAssetSearch(assetSearchParams(EMPTY_ASSET_SEARCH))).toEqual(EMPTY_ASSET_SEARCH);
  });

  it("offers the Stamps finder's type filters and the cursed-stamp filter of the XCP site", () => {
    expect(ASSET_TYPES).toEqual(['src-721', 'bmn', 'png', 'gif', 'svg', 'jpeg', 'html', 'other', 'cursed_stamp']);
    expect(ASSET_SORT_FIELDS).toEqual([
      'block_index',
      'asset',
      'supply',
      'holders',
      'stamp',
      'floor_price',
      'total_volume',
      'last_sale',
      'last_sale_price',
      'last_dispenser',
      'stamp_base64_size',
      'dividend_count',
      'rarity_rank',
    ]);
  });

  it(
    'resets the page on a filter or sort change; the name ' +
      'sorts from A, the others most first, the active one flips',
    () => {
      const onPage3 = { ...EMPTY_ASSET_SEARCH, page: 3 };
      expect(toggleAssetOnly(onPage3, 'locked')).toEqual({ types: [], only: ['locked'], sort: null, page: 1 });
      expect(toggleAssetOnly(onPage3, 'on_sale').only).toEqual(['on_sale']);
      expect(chooseAssetSort(onPage3, 'asset').sort).toEqual({ field: 'asset', direction: 'asc' });
      expect(chooseAssetSort(onPage3, 'supply').sort).toEqual({ field: 'supply', direction: 'desc' });
      expect(chooseAssetSort(onPage3, 'holders').page).toBe(1);
      // The default (newest first) flips to oldest first, and back to the default, which leaves the URL.
      const oldest = chooseAssetSort(EMPTY_ASSET_SEARCH, 'block_index');
      expect(oldest.sort).toEqual({ field: 'block_index', direction: 'asc' });
      expect(chooseAssetSort(oldest, 'block_index').sort).toBeNull();
    },
  );

  it('toggles the type filters in their canonical order, resetting the page', () => {
    const svg = toggleAssetType({ ...EMPTY_ASSET_SEARCH, page: 5 }, 'svg');
    expect(svg).toEqual({ ...EMPTY_ASSET_SEARCH, types: ['svg'] });
    const both = toggleAssetType({ ...svg, page: 2 }, 'src-721');
    expect(both).toEqual({ ...EMPTY_ASSET_SEARCH, types: ['src-721', 'svg'] });
    expect(toggleAssetType(toggleAssetType(both, 'svg'), 'src-721')).toEqual(EMPTY_ASSET_SEARCH);
  });

  it('starts the stamp sorts as the Stamps finder does: market figures most first, number and rarity ascending', () => {
    const onPage2 = { ...EMPTY_ASSET_SEARCH, page: 2 };
    expect(chooseAssetSort(onPage2, 'floor_price')).toEqual({
      ...EMPTY_ASSET_SEARCH,
      sort: { field: 'floor_price', direction: 'desc' },
    });
    expect(chooseAssetSort(onPage2, 'last_sale').sort).toEqual({ field: 'last_sale', direction: 'desc' });
    expect(chooseAssetSort(onPage2, 'stamp').sort).toEqual({ field: 'stamp', direction: 'asc' });
    expect(chooseAssetSort(onPage2, 'rarity_rank').sort).toEqual({ field: 'rarity_rank', direction: 'asc' });
    const floorDesc = chooseAssetSort(onPage2, 'floor_price');
    expect(chooseAssetSort(floorDesc, 'floor_price').sort).toEqual({ field: 'floor_price', direction: 'asc' });
  });

  it('always sends the sort in force, and the filters when there are some', () => {
    expect(toAssetSearchArgs('', EMPTY_ASSET_SEARCH, 24)).toEqual({
      q: '',
      sort: 'block_index:desc',
      offset: 0,
      limit: 24,
    });
    expect(toAssetSearchArgs('PEPE', { types: [], only: ['stamps', 'named'], sort: null, page: 2 }, 24)).toEqual({
      q: 'PEPE',
      only: 'stamps,named',
      sort: 'block_index:desc',
      offset: 24,
      limit: 24,
    });
    expect(
      toAssetSearchArgs(
        '',
        {
          types: ['gif', 'cursed_stamp'],
          only: ['on_sale'],
          sort: { field: 'floor_price', direction: 'desc' },
          page: 1,
        },
        100,
      ),
    ).toEqual({ q: '', types: 'gif,cursed_stamp', only: 'on_sale', sort: 'floor_price:desc', offset: 0, limit: 100 });
  });
});

describe('asset rules', () => {
  it("shows a description as text only for assets that are no stamps, and not when it is the info file's URL", () => {
    const asset = { stamp: null, description: ' A fine asset ', xcp_json_url: null };
    expect(assetDescription(asset)).toBe('A fine asset');
    expect(assetDescription({ ...asset, stamp: 5 })).toBeNull();
    expect(assetDescription({ ...asset, description: 'STAMP:iVBORw0KGgo' })).toBeNull();
    expect(
      assetDescription({ ...asset, description: 'https://x.example/a.json', xcp_json_url: 'https://x.example/a.json' }),
    ).toBeNull();
    expect(assetDescription({ ...asset, description: '  ' })).toBeNull();
  });

  it('links enhanced asset information over http(s) only', () => {
    expect(enhancedInfoHref('https://x.example/a.json')).toBe('https://x.example/a.json');
    expect(enhancedInfoHref('javascript:alert(1)')).toBeNull();
    expect(enhancedInfoHref('not a url')).toBeNull();
    expect(enhancedInfoHref(null)).toBeNull();
  });
});
