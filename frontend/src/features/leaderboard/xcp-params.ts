import { PAGE_PARAM, parsePage } from '@/utils/pagination';
import { LEADERBOARD_PAGE_SIZE } from './search-params';

/**
 * The XCP site's ranking sorts (`GET /api/xcp/leaderboard`, always most first): assets held (the default), created and
 * destroyed, the XCP records' counterparts of the Stamps site's stamp count, created count and destruction, then the
 * Stamps site's valuations.
 */
export const XCP_LEADERBOARD_SORTS = [
  'xcp_count',
  'xcp_created_count',
  'xcp_destroyed_count',
  'floor_valuation',
  'last_sale_valuation',
  'destruction_valuation',
] as const;
export type XcpLeaderboardSort = (typeof XCP_LEADERBOARD_SORTS)[number];

/** The default sort; left out of the URL and of the API call. */
export const DEFAULT_XCP_LEADERBOARD_SORT: XcpLeaderboardSort = 'xcp_count';

/**
 * Whether a sort ranks by destruction (the destruction valuation, as on the Stamps site, or the destroyed count): the
 * title then strikes 'best' and adds 'wtf?', and the cards show the destroyed assets.
 */
export function isXcpDestructionSort(sort: XcpLeaderboardSort): boolean {
  return sort === 'destruction_valuation' || sort === 'xcp_destroyed_count';
}

/** The XCP ranking's state as the URL holds it (a `project` is the collection ranking's, see `search-params.ts`). */
export type XcpLeaderboardState = {
  /** null is the default sort. */
  sort: XcpLeaderboardSort | null;
  page: number;
};

/** Reads the state from the query: an unknown sort is the default. */
export function parseXcpLeaderboard(params: URLSearchParams): XcpLeaderboardState {
  const sort = XCP_LEADERBOARD_SORTS.find((candidate) => candidate === params.get('sort')) ?? null;
  return {
    sort: sort === DEFAULT_XCP_LEADERBOARD_SORT ? null : sort,
    page: parsePage(params.get(PAGE_PARAM)),
  };
}

/** The query string of a state: the default sort and page 1 are left out. */
export function xcpLeaderboardParams(state: XcpLeaderboardState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.sort && state.sort !== DEFAULT_XCP_LEADERBOARD_SORT) params.set('sort', state.sort);
  if (state.page > 1) params.set(PAGE_PARAM, String(state.page));
  return params;
}

/** The sort in force. */
export function activeXcpLeaderboardSort(state: XcpLeaderboardState): XcpLeaderboardSort {
  return state.sort ?? DEFAULT_XCP_LEADERBOARD_SORT;
}

/** Picks a sort; resets the page. */
export function chooseXcpLeaderboardSort(sort: XcpLeaderboardSort): XcpLeaderboardState {
  return { sort: sort === DEFAULT_XCP_LEADERBOARD_SORT ? null : sort, page: 1 };
}

/** Arguments of `GET /api/xcp/leaderboard` (20 per page). */
export type XcpLeaderboardArgs = { sort?: string; page: number; limit: number };

/** The API arguments of a state; the default sort is left out. */
export function toXcpLeaderboardArgs(state: XcpLeaderboardState): XcpLeaderboardArgs {
  const args: XcpLeaderboardArgs = { page: state.page, limit: LEADERBOARD_PAGE_SIZE };
  if (state.sort) args.sort = state.sort;
  return args;
}
