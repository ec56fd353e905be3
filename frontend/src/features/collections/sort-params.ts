import { PAGE_PARAM, parsePage } from '@/utils/pagination';

/** The collections list's sort fields, in the spec's order. */
export const COLLECTION_SORT_FIELDS = [
  'trending',
  'lowest_stamp_number',
  'highest_stamp_number',
  'floor_price',
  'total_volume',
  'market_cap',
  'stamp_count',
  'collector_count',
] as const;
export type CollectionSortField = (typeof COLLECTION_SORT_FIELDS)[number];
export type CollectionSortDirection = 'asc' | 'desc';
export type CollectionSort = { field: CollectionSortField; direction: CollectionSortDirection };

/** The default sort (trending, descending); it is removed from the URL. */
export const DEFAULT_COLLECTION_SORT: CollectionSort = { field: 'trending', direction: 'desc' };

/** The sort query parameter. */
export const SORT_PARAM = 'sort';

/** The list's state as the URL holds it (the search text is in the path). */
export type CollectionListState = { sort: CollectionSort; page: number };

function isDefault(sort: CollectionSort): boolean {
  return sort.field === DEFAULT_COLLECTION_SORT.field && sort.direction === DEFAULT_COLLECTION_SORT.direction;
}

/** `field:direction`. */
export function sortValue(sort: CollectionSort): string {
  return `${sort.field}:${sort.direction}`;
}

/** Reads `field[:direction]`; a missing direction is descending; anything unknown is the default sort. */
export function parseCollectionSort(value: string | null): CollectionSort {
  if (!value) return DEFAULT_COLLECTION_SORT;
  const [field, direction = 'desc'] = value.split(':');
  const known = COLLECTION_SORT_FIELDS.find((candidate) => candidate === field);
  if (!known || (direction !== 'asc' && direction !== 'desc')) return DEFAULT_COLLECTION_SORT;
  return { field: known, direction };
}

/** Reads the list's state from the query string. */
export function parseCollectionList(params: URLSearchParams): CollectionListState {
  return { sort: parseCollectionSort(params.get(SORT_PARAM)), page: parsePage(params.get(PAGE_PARAM)) };
}

/**
 * The sort after a click on `field` (spec): clicking a field sets it ascending; clicking the active field flips
 * ascending and descending.
 */
export function clickSort(current: CollectionSort, field: CollectionSortField): CollectionSort {
  if (current.field === field) return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { field, direction: 'asc' };
}

/**
 * The query string after a click on a sort field, keeping other parameters: the default sort is removed from the
 * URL, and a sort change drops the page parameter. Returns "" or a string starting with "?".
 */
export function sortSearch(search: string | URLSearchParams, field: CollectionSortField): string {
  const params = new URLSearchParams(search);
  const next = clickSort(parseCollectionSort(params.get(SORT_PARAM)), field);
  if (isDefault(next)) params.delete(SORT_PARAM);
  else params.set(SORT_PARAM, sortValue(next));
  params.delete(PAGE_PARAM);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Arguments of `GET /api/collections[/{q}]`. */
export type CollectionListArgs = {
  q?: string;
  sort?: string;
  page?: number;
  limit?: number;
  ids?: string;
  user_id?: string;
  only?: 'launchpad';
};

/** The API arguments of the list's state: the default sort and page 1 are left out. */
export function toCollectionListArgs(q: string, state: CollectionListState, limit: number): CollectionListArgs {
  const args: CollectionListArgs = { limit };
  if (q) args.q = q;
  if (!isDefault(state.sort)) args.sort = sortValue(state.sort);
  if (state.page > 1) args.page = state.page;
  return args;
}
