import { formatSort, nextSort, parseList, parseSort, sameSort, type Sort } from '@/utils/list-params';
import { PAGE_PARAM, parsePage } from '@/utils/pagination';

/** The list's Only filters, as the API spells them. */
export const FAIRMINT_ONLY = ['completed', 'in_progress', 'limited', 'valid'] as const;
export type FairmintOnly = (typeof FAIRMINT_ONLY)[number];

/** The two status filters that exclude each other; picking one removes Valid. */
const STATUS_FILTERS: readonly FairmintOnly[] = ['completed', 'in_progress'];

/** The list's sort fields. */
export const FAIRMINT_SORT_FIELDS = [
  'timestamp',
  'progress',
  'holders_count',
  'minted_count',
  'minters_count',
  'last_mint',
  'end_block',
] as const;
export type FairmintSortField = (typeof FAIRMINT_SORT_FIELDS)[number];
export type FairmintSort = Sort<FairmintSortField>;

/** The default sort (spec: timestamp:desc), left out of the URL and the API call. */
export const DEFAULT_FAIRMINT_SORT: FairmintSort = { field: 'timestamp', direction: 'desc' };

/** The list's page size (spec: 24). */
export const FAIRMINT_PAGE_SIZE = 24;

/** The list's state as the URL holds it (the search text is in the path). */
export type FairmintSearchState = {
  only: FairmintOnly[];
  /** null is the default sort. */
  sort: FairmintSort | null;
  page: number;
};

export const EMPTY_FAIRMINT_SEARCH: FairmintSearchState = { only: [], sort: null, page: 1 };

function withoutDefault(sort: FairmintSort | null): FairmintSort | null {
  return sort && !sameSort(sort, DEFAULT_FAIRMINT_SORT) ? sort : null;
}

/** Whether the Valid filter is offered: not once Completed or In progress is picked. */
export function offersValid(state: FairmintSearchState): boolean {
  return !state.only.some((only) => STATUS_FILTERS.includes(only));
}

/** Applies the rules to a hand-made selection: one status filter at most (the first listed stays), then no Valid. */
export function normalizeFairmintOnly(only: readonly FairmintOnly[]): FairmintOnly[] {
  let next = [...only];
  if (next.includes('completed') && next.includes('in_progress')) next = next.filter((item) => item !== 'in_progress');
  if (next.some((item) => STATUS_FILTERS.includes(item))) next = next.filter((item) => item !== 'valid');
  return next;
}

/** Reads the state from the query: unknown values dropped, the exclusion rules applied. */
export function parseFairmintSearch(params: URLSearchParams): FairmintSearchState {
  return {
    only: normalizeFairmintOnly(parseList(params.get('only'), FAIRMINT_ONLY)),
    sort: withoutDefault(parseSort(params.get('sort'), FAIRMINT_SORT_FIELDS)),
    page: parsePage(params.get(PAGE_PARAM)),
  };
}

/** The query string of a state: no filters, the default sort and page 1 are left out. */
export function fairmintSearchParams(state: FairmintSearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.only.length) params.set('only', state.only.join(','));
  const sort = withoutDefault(state.sort);
  if (sort) params.set('sort', formatSort(sort));
  if (state.page > 1) params.set(PAGE_PARAM, String(state.page));
  return params;
}

/** The sort in force. */
export function activeFairmintSort(state: FairmintSearchState): FairmintSort {
  return state.sort ?? DEFAULT_FAIRMINT_SORT;
}

/**
 * Toggles an Only filter and resets the page. Completed and In progress replace each other, and picking either
 * removes Valid.
 */
export function toggleFairmintOnly(state: FairmintSearchState, only: FairmintOnly): FairmintSearchState {
  let next: FairmintOnly[];
  if (state.only.includes(only)) next = state.only.filter((item) => item !== only);
  else if (STATUS_FILTERS.includes(only)) {
    next = [...state.only.filter((item) => !STATUS_FILTERS.includes(item) && item !== 'valid'), only];
  } else next = [...state.only, only];
  return { ...state, only: FAIRMINT_ONLY.filter((item) => next.includes(item)), page: 1 };
}

/** Sorts by `field`: another field starts descending, the active one flips. Resets the page. */
export function chooseFairmintSort(state: FairmintSearchState, field: FairmintSortField): FairmintSearchState {
  return { ...state, sort: withoutDefault(nextSort(activeFairmintSort(state), field, 'desc')), page: 1 };
}

/** Arguments of `GET /api/fairminter/search[/{q}]`. */
export type FairmintSearchArgs = { q: string; only?: string; sort?: string; page: number; limit: number };

/** The API arguments of the search text and a state; no filters and the default sort are left out. */
export function toFairmintSearchArgs(q: string, state: FairmintSearchState): FairmintSearchArgs {
  const args: FairmintSearchArgs = { q, page: state.page, limit: FAIRMINT_PAGE_SIZE };
  if (state.only.length) args.only = state.only.join(',');
  const sort = withoutDefault(state.sort);
  if (sort) args.sort = formatSort(sort);
  return args;
}
