import { firstStampSortDirection, stampTypesFor, type StampSortField, type StampType } from '@/lib/stamp-filters';
import { formatSort, nextSort, parseList, parseSort, sameSort, toggleInList, type Sort } from '@/utils/list-params';
import { PAGE_PARAM, pageToOffset, parsePage } from '@/utils/pagination';

/**
 * The XCP finder's type filters (`types`): assets that are stamps of any of these kinds; the Stamps finder's, with
 * the cursed-stamp filter of the XCP site.
 */
export const ASSET_TYPES: readonly StampType[] = stampTypesFor('xcp');

/** The XCP finder's show-only filters (`only`): an asset must match all of them. */
export const ASSET_ONLY = ['stamps', 'named', 'locked', 'on_sale'] as const;
export type AssetOnly = (typeof ASSET_ONLY)[number];

/**
 * The stamp sorts the XCP finder offers beside its own (the assets without the figure come last either way); the
 * supply is the asset's own sort.
 */
export const ASSET_STAMP_SORT_FIELDS = [
  'stamp',
  'floor_price',
  'total_volume',
  'last_sale',
  'last_sale_price',
  'last_dispenser',
  'stamp_base64_size',
  'dividend_count',
  'rarity_rank',
] as const satisfies readonly StampSortField[];
export type AssetStampSortField = (typeof ASSET_STAMP_SORT_FIELDS)[number];

/** The XCP finder's sort fields (the API's): first issuance, name, supply, holders, then the stamp sorts. */
export const ASSET_SORT_FIELDS = ['block_index', 'asset', 'supply', 'holders', ...ASSET_STAMP_SORT_FIELDS] as const;
export type AssetSortField = (typeof ASSET_SORT_FIELDS)[number];
export type AssetSort = Sort<AssetSortField>;

/** The default sort: the newest assets first. Left out of the URL, always sent to the API. */
export const DEFAULT_ASSET_SORT: AssetSort = { field: 'block_index', direction: 'desc' };

/** The XCP finder's state as the URL holds it (the search text is in the path). */
export type AssetSearchState = {
  types: StampType[];
  only: AssetOnly[];
  /** null is the default sort. */
  sort: AssetSort | null;
  page: number;
};

export const EMPTY_ASSET_SEARCH: AssetSearchState = { types: [], only: [], sort: null, page: 1 };

function withoutDefault(sort: AssetSort | null): AssetSort | null {
  return sort && !sameSort(sort, DEFAULT_ASSET_SORT) ? sort : null;
}

/** Reads the XCP finder's state from the query: unknown filters and sorts are dropped. */
export function parseAssetSearch(params: URLSearchParams): AssetSearchState {
  return {
    types: parseList(params.get('types'), ASSET_TYPES),
    only: parseList(params.get('only'), ASSET_ONLY),
    sort: withoutDefault(parseSort(params.get('sort'), ASSET_SORT_FIELDS)),
    page: parsePage(params.get(PAGE_PARAM)),
  };
}

/** The query string of a state: no filters, the default sort and page 1 are left out. */
export function assetSearchParams(state: AssetSearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.types.length) params.set('types', state.types.join(','));
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

/** Toggles a type filter; resets the page. */
export function toggleAssetType(state: AssetSearchState, type: StampType): AssetSearchState {
  return { ...state, types: toggleInList(state.types, type, ASSET_TYPES), page: 1 };
}

/** Toggles a show-only filter; resets the page. */
export function toggleAssetOnly(state: AssetSearchState, only: AssetOnly): AssetSearchState {
  return { ...state, only: toggleInList(state.only, only, ASSET_ONLY), page: 1 };
}

function isStampSort(field: AssetSortField): field is AssetStampSortField {
  return (ASSET_STAMP_SORT_FIELDS as readonly string[]).includes(field);
}

/**
 * Sorts by `field`: the active one flips; another starts with the newest issuance, the largest supply or the most
 * holders, except the name, which starts from A; a stamp sort starts as in the Stamps finder (the stamp number from
 * the oldest, the rarity rank from the rarest, the market figures most first). Resets the page.
 */
export function chooseAssetSort(state: AssetSearchState, field: AssetSortField): AssetSearchState {
  const first = isStampSort(field) ? firstStampSortDirection(field) : field === 'asset' ? 'asc' : 'desc';
  return { ...state, sort: withoutDefault(nextSort(activeAssetSort(state), field, first)), page: 1 };
}

/** Arguments of `GET /api/xcp/search[/{q}]`. */
export type AssetSearchArgs = {
  q: string;
  types?: string;
  only?: string;
  sort: string;
  offset: number;
  limit: number;
};

/** The API arguments of a search text and a state: no filters are left out; the sort in force is always sent. */
export function toAssetSearchArgs(q: string, state: AssetSearchState, limit: number): AssetSearchArgs {
  const args: AssetSearchArgs = {
    q,
    sort: formatSort(activeAssetSort(state)),
    offset: pageToOffset(state.page, limit),
    limit,
  };
  if (state.types.length) args.types = state.types.join(',');
  if (state.only.length) args.only = state.only.join(',');
  return args;
}
