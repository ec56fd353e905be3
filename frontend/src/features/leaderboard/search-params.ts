import { PAGE_PARAM, parsePage } from '@/utils/pagination';

/** The leaderboard's sorts, as the API spells them (always most first). */
export const LEADERBOARD_SORTS = [
  'stamp_count',
  'stamp_created_count',
  'floor_valuation',
  'last_sale_valuation',
  'destruction_valuation',
] as const;
export type LeaderboardSort = (typeof LEADERBOARD_SORTS)[number];

/** The default sort; left out of the URL and of the API call. */
export const DEFAULT_LEADERBOARD_SORT: LeaderboardSort = 'stamp_count';

/** The leaderboard's page size (spec: 20). */
export const LEADERBOARD_PAGE_SIZE = 20;

/** The leaderboard's state as the URL holds it. */
export type LeaderboardState = {
  /** null is the default sort. */
  sort: LeaderboardSort | null;
  /** A collection id: only its stamps count, and the extra sorts are hidden. */
  project: string | null;
  page: number;
};

export const EMPTY_LEADERBOARD: LeaderboardState = { sort: null, project: null, page: 1 };

function knownSort(value: string | null): LeaderboardSort | null {
  const sort = LEADERBOARD_SORTS.find((candidate) => candidate === value) ?? null;
  return sort === DEFAULT_LEADERBOARD_SORT ? null : sort;
}

/** Reads the state from the query: an unknown sort is the default; with a project there is no other sort. */
export function parseLeaderboard(params: URLSearchParams): LeaderboardState {
  const project = params.get('project')?.trim() || null;
  return {
    sort: project ? null : knownSort(params.get('sort')),
    project,
    page: parsePage(params.get(PAGE_PARAM)),
  };
}

/** The query string of a state: the default sort and page 1 are left out. */
export function leaderboardParams(state: LeaderboardState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.project) params.set('project', state.project);
  else if (state.sort && state.sort !== DEFAULT_LEADERBOARD_SORT) params.set('sort', state.sort);
  if (state.page > 1) params.set(PAGE_PARAM, String(state.page));
  return params;
}

/** The sort in force. */
export function activeLeaderboardSort(state: LeaderboardState): LeaderboardSort {
  return state.sort ?? DEFAULT_LEADERBOARD_SORT;
}

/** Whether the extra sorts are offered: not with a project (it ranks by stamp count only). */
export function offersSorts(state: LeaderboardState): boolean {
  return state.project === null;
}

/** Picks a sort; resets the page. Ignored with a project. */
export function chooseLeaderboardSort(state: LeaderboardState, sort: LeaderboardSort): LeaderboardState {
  if (!offersSorts(state)) return state;
  return { ...state, sort: sort === DEFAULT_LEADERBOARD_SORT ? null : sort, page: 1 };
}

/** Arguments of `GET /api/leaderboard`. */
export type LeaderboardArgs = { sort?: string; project?: string; page: number; limit: number };

/** The API arguments of a state; the default sort and no project are left out. */
export function toLeaderboardArgs(state: LeaderboardState): LeaderboardArgs {
  const args: LeaderboardArgs = { page: state.page, limit: LEADERBOARD_PAGE_SIZE };
  if (state.project) args.project = state.project;
  else if (state.sort) args.sort = state.sort;
  return args;
}
