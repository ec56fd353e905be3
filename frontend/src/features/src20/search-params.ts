import { PAGE_PARAM, parsePage } from '@/utils/pagination';

/** The operation types of the finder's Types filter, as the API and the URL spell them. */
export const SRC20_TYPES = ['deploy', 'transfer', 'mint'] as const;
export type Src20Type = (typeof SRC20_TYPES)[number];

/** The finder's Only filters. */
export const SRC20_ONLY = ['valid', 'minted_out', 'in_progress'] as const;
export type Src20Only = (typeof SRC20_ONLY)[number];

/** The finder's sort fields. */
export const SRC20_SORT_FIELDS = ['stamp', 'progress', 'holdersCount', 'mintedCount', 'mintersCount'] as const;
export type Src20SortField = (typeof SRC20_SORT_FIELDS)[number];

export type SortDirection = 'asc' | 'desc';
export type Src20Sort = { field: Src20SortField; direction: SortDirection };

/** The default sort (newest first); it is left out of the URL. */
export const DEFAULT_SRC20_SORT: Src20Sort = { field: 'stamp', direction: 'desc' };

/** Only filters that exist for deploys alone: choosing one forces the Deploy type. */
const DEPLOY_ONLY_FILTERS: readonly Src20Only[] = ['minted_out', 'in_progress'];
/** Sorts by figures only deploys have: choosing one forces the Deploy type. */
const DEPLOY_ONLY_SORTS: readonly Src20SortField[] = ['progress', 'holdersCount', 'mintedCount', 'mintersCount'];

/** The finder's state as the URL holds it (the search text `q` is in the path). */
export type Src20SearchState = {
  types: Src20Type[];
  only: Src20Only[];
  /** null is the default sort. */
  sort: Src20Sort | null;
  page: number;
  /** One tick to narrow the list to, from `?tick=`. */
  tick: string | null;
};

export const EMPTY_SRC20_SEARCH: Src20SearchState = { types: [], only: [], sort: null, page: 1, tick: null };

function listParam<T extends string>(value: string | null, allowed: readonly T[]): T[] {
  if (!value) return [];
  const wanted = new Set(value.split(','));
  // Keep the canonical order so equal selections give equal URLs and cache keys.
  return allowed.filter((item) => wanted.has(item));
}

function parseSort(value: string | null): Src20Sort | null {
  if (!value) return null;
  const [field, direction = 'desc'] = value.split(':');
  const knownField = SRC20_SORT_FIELDS.find((candidate) => candidate === field);
  if (!knownField || (direction !== 'asc' && direction !== 'desc')) return null;
  return isDefaultSort({ field: knownField, direction }) ? null : { field: knownField, direction };
}

function isDefaultSort(sort: Src20Sort): boolean {
  return sort.field === DEFAULT_SRC20_SORT.field && sort.direction === DEFAULT_SRC20_SORT.direction;
}

/** The sort in force (the default when none is chosen). */
export function activeSort(state: Src20SearchState): Src20Sort {
  return state.sort ?? DEFAULT_SRC20_SORT;
}

/**
 * Applies the spec's forcing rules: Minted out and In progress exclude each other (the first listed stays), and
 * they, like the progress, holders, mints and minters sorts, force the type Deploy.
 */
export function normalizeSrc20Search(state: Src20SearchState): Src20SearchState {
  let only = state.only;
  if (only.includes('minted_out') && only.includes('in_progress')) {
    only = only.filter((item) => item !== 'in_progress');
  }
  const forcesDeploy =
    only.some((item) => DEPLOY_ONLY_FILTERS.includes(item)) ||
    (state.sort !== null && DEPLOY_ONLY_SORTS.includes(state.sort.field));
  return { ...state, only, types: forcesDeploy ? ['deploy'] : state.types };
}

/** Reads the finder's state from the query string (unknown values are dropped, the forcing rules applied). */
export function parseSrc20Search(params: URLSearchParams): Src20SearchState {
  return normalizeSrc20Search({
    types: listParam(params.get('types'), SRC20_TYPES),
    only: listParam(params.get('only'), SRC20_ONLY),
    sort: parseSort(params.get('sort')),
    page: parsePage(params.get(PAGE_PARAM)),
    tick: params.get('tick') || null,
  });
}

/** The query string of a state: empty filters, the default sort and page 1 are left out. */
export function src20SearchParams(state: Src20SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.types.length) params.set('types', state.types.join(','));
  if (state.only.length) params.set('only', state.only.join(','));
  if (state.sort && !isDefaultSort(state.sort)) params.set('sort', `${state.sort.field}:${state.sort.direction}`);
  if (state.tick) params.set('tick', state.tick);
  if (state.page > 1) params.set(PAGE_PARAM, String(state.page));
  return params;
}

/**
 * Toggles a type. Changing the types clears the other only-filters (all but Valid), the sort, the page and the tick.
 */
export function toggleType(state: Src20SearchState, type: Src20Type): Src20SearchState {
  const types = state.types.includes(type) ? state.types.filter((item) => item !== type) : [...state.types, type];
  return {
    types: SRC20_TYPES.filter((item) => types.includes(item)),
    only: state.only.filter((item) => item === 'valid'),
    sort: null,
    page: 1,
    tick: null,
  };
}

/** Toggles an only-filter; Minted out and In progress replace each other and force Deploy. Resets the page. */
export function toggleOnly(state: Src20SearchState, only: Src20Only): Src20SearchState {
  let next = state.only.includes(only) ? state.only.filter((item) => item !== only) : [...state.only, only];
  if (only === 'minted_out' && next.includes('minted_out')) next = next.filter((item) => item !== 'in_progress');
  if (only === 'in_progress' && next.includes('in_progress')) next = next.filter((item) => item !== 'minted_out');
  return normalizeSrc20Search({ ...state, only: SRC20_ONLY.filter((item) => next.includes(item)), page: 1 });
}

/**
 * Sorts by `field`: a new field sorts descending, the active one flips direction. Deploy-only sorts force Deploy.
 * Resets the page.
 */
export function chooseSort(state: Src20SearchState, field: Src20SortField): Src20SearchState {
  const current = activeSort(state);
  const direction: SortDirection = current.field === field ? (current.direction === 'desc' ? 'asc' : 'desc') : 'desc';
  const sort = { field, direction };
  return normalizeSrc20Search({ ...state, sort: isDefaultSort(sort) ? null : sort, page: 1 });
}

/** Clears the tick narrowing; resets the page. */
export function clearTick(state: Src20SearchState): Src20SearchState {
  return { ...state, tick: null, page: 1 };
}

/** Arguments of `GET /api/src20/search[/{q}]`. */
export type Src20SearchArgs = {
  q: string;
  types?: string;
  only?: string;
  sort?: string;
  tick?: string;
  page: number;
  limit: number;
};

/** The API arguments for the finder's search text and state; empty filters and the default sort are left out. */
export function toSrc20SearchArgs(q: string, state: Src20SearchState, limit: number): Src20SearchArgs {
  const args: Src20SearchArgs = { q, page: state.page, limit };
  if (state.types.length) args.types = state.types.join(',');
  if (state.only.length) args.only = state.only.join(',');
  if (state.sort) args.sort = `${state.sort.field}:${state.sort.direction}`;
  if (state.tick) args.tick = state.tick;
  return args;
}
