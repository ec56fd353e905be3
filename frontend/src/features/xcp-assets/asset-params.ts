import { formatSort, nextSort, parseList, parseSort, sameSort, toggleInList, type Sort } from '@/utils/list-params';
import { PAGE_PARAM, pageToOffset, parsePage } from '@/utils/pagination';

/** The XCP finder's show-only filters (`only`): an asset must match all of them. */
export const ASSET_ONLY = ['stamps', 'named', 'locked'] as const;
export type AssetOnly = (typeof ASSET_ONLY)[number];

/** The XCP finder's sort fields (the API's): first issuance, name, supply, holders. */
export const ASSET_SORT_FIELDS = ['block_index', 'asset', 'supply', 'holders'] as const;
export type AssetSortField = (typeof ASSET_SORT_FIELDS)[number];
export type AssetSort = Sort<AssetSortField>;

/** The default sort: the newest assets first. Left out of the URL, always sent to the API. */
export const DEFAULT_ASSET_SORT: AssetSort = { field: 'block_index', direction: 'desc' };

/** The XCP finder's state as the URL holds it (the search text is in the path). */
export type AssetSearchState = {
  only: AssetOnly[];
  /** null is the default sort. */
  sort: AssetSort | null;
  page: number;
};

export const EMPTY_ASSET_SEARCH: AssetSearchState = { only: [], sort: null, page: 1 };

function withoutDefault(sort: AssetSort | null): AssetSort | null {
  return sort && !sameSort(sort, DEFAULT_ASSET_SORT) ? sort : null;
}

/** Reads the XCP finder's state from the query: unknown filters and sorts are dropped. */
export function parseAssetSearch(params: URLSearchParams): AssetSearchState {
  return {
    only: parseList(params.get('only'), ASSET_ONLY),
    sort: withoutDefault(parseSort(params.get('sort'), ASSET_SORT_FIELDS)),
    page: parsePage(params.get(PAGE_PARAM)),
  };
}

/** The query string of a state: no filters, the default sort and page 1 are left out. */
export function assetSearchParams(state: AssetSearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.only.length) params.set('only', state.only.join(','));
  const sort = withoutDefault(state.sort);
  if (sort) params.set('sort', formatSort(sort));
  if (state.page > 1) params.set(PAGE_PARAM, String(state.page));
  return params;
}

/** The sort in force. */
export function activeAssetSort(state: AssetSearchState): AssetSort {
  return state.sort ?? DEFAULT_ASSET_SORT;
}

/** Toggles a show-only filter; resets the page. */
export function toggleAssetOnly(state: AssetSearchState, only: AssetOnly): AssetSearchState {
  return { ...state, only: toggleInList(state.only, only, ASSET_ONLY), page: 1 };
}

/**
 * Sorts by `field`: the active one flips; another starts with the newest issuance, the largest supply or the most
 * holders, except the name, which starts from A. Resets the page.
 */
export function chooseAssetSort(state: AssetSearchState, field: AssetSortField): AssetSearchState {
  const first = field === 'asset' ? 'asc' : 'desc';
  return { ...state, sort: withoutDefault(nextSort(activeAssetSort(state), field, first)), page: 1 };
}

/** Arguments of `GET /api/xcp/search[/{q}]`. */
export type AssetSearchArgs = { q: string; only?: string; sort: string; offset: number; limit: number };

/** The API arguments of a search text and a state: no filters are left out; the sort in force is always sent. */
export function toAssetSearchArgs(q: string, state: AssetSearchState, limit: number): AssetSearchArgs {
  const args: AssetSearchArgs = {
    q,
    sort: formatSort(activeAssetSort(state)),
    offset: pageToOffset(state.page, limit),
    limit,
  };
  if (state.only.length) args.only = state.only.join(',');
  return args;
}
