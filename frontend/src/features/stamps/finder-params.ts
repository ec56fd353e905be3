import type { SiteVariant } from '@/config/site';
import {
  firstStampSortDirection,
  STAMP_SORT_FIELDS,
  STAMP_TYPES,
  stampTypesFor,
  type StampSortField,
  type StampType,
} from '@/lib/stamp-filters';
import { formatSort, nextSort, parseList, parseSort, sameSort, toggleInList, type Sort } from '@/utils/list-params';
import { PAGE_PARAM, pageToOffset, parsePage } from '@/utils/pagination';
import type { StampSearchArgs } from './types';

export { STAMP_SORT_FIELDS, STAMP_TYPES, stampTypesFor, type StampSortField, type StampType };

/** The finder's show-only filters (`only`): a stamp must match all of them. */
export const STAMP_ONLY = ['on_sale', 'locked', 'keyburn', 'olga', 'unique', 'burned'] as const;
export type StampOnly = (typeof STAMP_ONLY)[number];

export type StampSort = Sort<StampSortField>;

/**
 * The default sort (spec: stamp:asc, oldest stamp first). Left out of the URL, but always sent to the API, whose own
 * default is newest first.
 */
export const DEFAULT_STAMP_SORT: StampSort = { field: 'stamp', direction: 'asc' };

/**
 * The rarity filter (`rarity`, one at a time): SRC-721 mints ranked that rare or rarer in their collection (top), or
 * blessed stamps numbered below (sub).
 */
export const STAMP_RARITY = ['top10', 'top100', 'top1000', 'sub100', 'sub1000', 'sub10000', 'sub100000'] as const;
export type StampRarity = (typeof STAMP_RARITY)[number];

/** The finder's state as the URL holds it (the search text is in the path). */
export type StampSearchState = {
  types: StampType[];
  only: StampOnly[];
  /** null is the default sort. */
  sort: StampSort | null;
  rarity: StampRarity | null;
  page: number;
};

export const EMPTY_STAMP_SEARCH: StampSearchState = { types: [], only: [], sort: null, rarity: null, page: 1 };

function withoutDefault(sort: StampSort | null): StampSort | null {
  return sort && !sameSort(sort, DEFAULT_STAMP_SORT) ? sort : null;
}

/** Reads the finder's state from the query: unknown values (and types the site does not offer) are dropped. */
export function parseStampSearch(params: URLSearchParams, variant: SiteVariant = 'stamps'): StampSearchState {
  return {
    types: parseList(params.get('types'), stampTypesFor(variant)),
    only: parseList(params.get('only'), STAMP_ONLY),
    sort: withoutDefault(parseSort(params.get('sort'), STAMP_SORT_FIELDS)),
    rarity: STAMP_RARITY.find((rarity) => rarity === params.get('rarity')) ?? null,
    page: parsePage(params.get(PAGE_PARAM)),
  };
}

/** The query string of a state: empty filters, the default sort and page 1 are left out. */
export function stampSearchParams(state: StampSearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.types.length) params.set('types', state.types.join(','));
  if (state.only.length) params.set('only', state.only.join(','));
  const sort = withoutDefault(state.sort);
  if (sort) params.set('sort', formatSort(sort));
  if (state.rarity) params.set('rarity', state.rarity);
  if (state.page > 1) params.set(PAGE_PARAM, String(state.page));
  return params;
}

/** The parameters of the finder's state, written over `current` (which keeps its other parameters). */
export function mergeStampSearch(current: URLSearchParams, state: StampSearchState): URLSearchParams {
  const params = new URLSearchParams(current);
  for (const name of ['types', 'only', 'sort', 'rarity', PAGE_PARAM]) params.delete(name);
  for (const [name, value] of stampSearchParams(state)) params.set(name, value);
  return params;
}

/** The sort in force. */
export function activeStampSort(state: StampSearchState): StampSort {
  return state.sort ?? DEFAULT_STAMP_SORT;
}

/** Toggles a type filter; resets the page. */
export function toggleStampType(state: StampSearchState, type: StampType): StampSearchState {
  return { ...state, types: toggleInList(state.types, type, STAMP_TYPES), page: 1 };
}

/** Toggles a show-only filter; resets the page. */
export function toggleStampOnly(state: StampSearchState, only: StampOnly): StampSearchState {
  return { ...state, only: toggleInList(state.only, only, STAMP_ONLY), page: 1 };
}

/** Picks a rarity filter, or drops it when it is the one in force; resets the page. */
export function chooseStampRarity(state: StampSearchState, rarity: StampRarity): StampSearchState {
  return { ...state, rarity: state.rarity === rarity ? null : rarity, page: 1 };
}

/**
 * Sorts by `field`: the active one flips; another starts most first, except the stamp number, which starts at its
 * default (oldest first), and the rarity rank, which starts with the rarest (rank 1). Resets the page.
 */
export function chooseStampSort(state: StampSearchState, field: StampSortField): StampSearchState {
  return {
    ...state,
    sort: withoutDefault(nextSort(activeStampSort(state), field, firstStampSortDirection(field))),
    page: 1,
  };
}

/**
 * The API arguments of a state: empty filters are left out; the sort in force is always sent. The rarity filter is
 * left out where the list does not take it (`withRarity` false: the profile's lists).
 */
export function toStampListArgs(state: StampSearchState, limit: number, withRarity = true): Omit<StampSearchArgs, 'q'> {
  const args: Omit<StampSearchArgs, 'q'> = {
    offset: pageToOffset(state.page, limit),
    limit,
    sort: formatSort(activeStampSort(state)),
  };
  if (state.types.length) args.types = state.types.join(',');
  if (state.only.length) args.only = state.only.join(',');
  if (withRarity && state.rarity) args.rarity = state.rarity;
  return args;
}

/** The finder's API arguments: the search text and the state's. */
export function toStampSearchArgs(q: string, state: StampSearchState, limit: number): StampSearchArgs {
  return { q, ...toStampListArgs(state, limit) };
}
