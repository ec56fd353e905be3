import { describe, expect, it } from 'vitest';
import {
  assetSearchParams,
  chooseAssetSort,
  EMPTY_ASSET_SEARCH,
  parseAssetSearch,
  toAssetSearchArgs,
  toggleAssetOnly,
} from './asset-params';
import { assetDescription, enhancedInfoHref } from './asset-rules';

describe('XCP finder URL rules', () => {
  it('reads the filters, sort and page, dropping unknown ones and the default sort', () => {
    expect(parseAssetSearch(new URLSearchParams('only=locked,bogus,stamps&sort=holders:asc&page=3'))).toEqual({
      only: ['stamps', 'locked'],
      sort: { field: 'holders', direction: 'asc' },
      page: 3,
    });
    expect(parseAssetSearch(new URLSearchParams('sort=block_index:desc'))).toEqual(EMPTY_ASSET_SEARCH);
    expect(parseAssetSearch(new URLSearchParams('sort=stamp:asc&types=png'))).toEqual(EMPTY_ASSET_SEARCH);
  });

  it('writes a state back without its defaults', () => {
    expect(assetSearchParams(EMPTY_ASSET_SEARCH).toString()).toBe('');
    expect(assetSearchParams({ only: ['named'], sort: { field: 'asset', direction: 'asc' }, page: 2 }).toString()).toBe(
      'only=named&sort=asset%3Aasc&page=2',
    );
  });

  it(
    'resets the page on a filter or sort change; the name ' +
      'sorts from A, the others most first, the active one flips',
    () => {
      const onPage3 = { ...EMPTY_ASSET_SEARCH, page: 3 };
      expect(toggleAssetOnly(onPage3, 'locked')).toEqual({ only: ['locked'], sort: null, page: 1 });
      expect(chooseAssetSort(onPage3, 'asset').sort).toEqual({ field: 'asset', direction: 'asc' });
      expect(chooseAssetSort(onPage3, 'supply').sort).toEqual({ field: 'supply', direction: 'desc' });
      expect(chooseAssetSort(onPage3, 'holders').page).toBe(1);
      // The default (newest first) flips to oldest first, and back to the default, which leaves the URL.
      const oldest = chooseAssetSort(EMPTY_ASSET_SEARCH, 'block_index');
      expect(oldest.sort).toEqual({ field: 'block_index', direction: 'asc' });
      expect(chooseAssetSort(oldest, 'block_index').sort).toBeNull();
    },
  );

  it('always sends the sort in force, and the filters when there are some', () => {
    expect(toAssetSearchArgs('', EMPTY_ASSET_SEARCH, 24)).toEqual({
      q: '',
      sort: 'block_index:desc',
      offset: 0,
      limit: 24,
    });
    expect(toAssetSearchArgs('PEPE', { only: ['stamps', 'named'], sort: null, page: 2 }, 24)).toEqual({
      q: 'PEPE',
      only: 'stamps,named',
      sort: 'block_index:desc',
      offset: 24,
      limit: 24,
    });
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
