import { describe, expect, it } from 'vitest';
import {
  chooseXcpLeaderboardSort,
  isXcpDestructionSort,
  parseXcpLeaderboard,
  toXcpLeaderboardArgs,
  XCP_LEADERBOARD_SORTS,
  xcpLeaderboardParams,
  type XcpLeaderboardState,
} from './xcp-params';

describe('XCP leaderboard parameters', () => {
  it('reads the sort and page; the default and unknown sorts are no sort', () => {
    expect(parseXcpLeaderboard(new URLSearchParams('sort=xcp_created_count&page=3'))).toEqual({
      sort: 'xcp_created_count',
      page: 3,
    });
    expect(parseXcpLeaderboard(new URLSearchParams('sort=xcp_count'))).toEqual({ sort: null, page: 1 });
    expect(parseXcpLeaderboard(new URLSearchParams('sort=stamp_count&page=0'))).toEqual({ sort: null, page: 1 });
    expect(parseXcpLeaderboard(new URLSearchParams('sort=floor_valuation:desc'))).toEqual({ sort: null, page: 1 });
  });

  it("reads the Stamps site's valuation sorts", () => {
    expect(parseXcpLeaderboard(new URLSearchParams('sort=floor_valuation'))).toEqual({
      sort: 'floor_valuation',
      page: 1,
    });
    expect(parseXcpLeaderboard(new URLSearchParams('sort=last_sale_valuation&page=2')).sort).toBe(
      'last_sale_valuation',
    );
    expect(parseXcpLeaderboard(new URLSearchParams('sort=destruction_valuation')).sort).toBe('destruction_valuation');
  });

  it('writes the default sort and page 1 out of the URL and the call', () => {
    expect(xcpLeaderboardParams({ sort: null, page: 1 }).toString()).toBe('');
    expect(xcpLeaderboardParams({ sort: 'xcp_count', page: 1 }).toString()).toBe('');
    expect(xcpLeaderboardParams({ sort: 'xcp_destroyed_count', page: 2 }).toString()).toBe(
      'sort=xcp_destroyed_count&page=2',
    );
    expect(toXcpLeaderboardArgs({ sort: null, page: 1 })).toEqual({ page: 1, limit: 20 });
    expect(toXcpLeaderboardArgs({ sort: 'xcp_created_count', page: 4 })).toEqual({
      sort: 'xcp_created_count',
      page: 4,
      limit: 20,
    });
    expect(toXcpLeaderboardArgs({ sort: 'last_sale_valuation', page: 1 })).toEqual({
      sort: 'last_sale_valuation',
      page: 1,
      limit: 20,
    });
  });

  it('reads back every sort it writes', () => {
    for (const sort of XCP_LEADERBOARD_SORTS) {
      const state: XcpLeaderboardState = chooseXcpLeaderboardSort(sort);
      expect(parseXcpLeaderboard(xcpLeaderboardParams({ ...state, page: 3 }))).toEqual({ ...state, page: 3 });
    }
    expect(XCP_LEADERBOARD_SORTS).toEqual([
      'xcp_count',
      'xcp_created_count',
      'xcp_destroyed_count',
      'floor_valuation',
      'last_sale_valuation',
      'destruction_valuation',
    ]);
  });

  it('a sort change resets the page; choosing the default drops the sort', () => {
    expect(chooseXcpLeaderboardSort('xcp_destroyed_count')).toEqual({ sort: 'xcp_destroyed_count', page: 1 });
    expect(chooseXcpLeaderboardSort('floor_valuation')).toEqual({ sort: 'floor_valuation', page: 1 });
    expect(chooseXcpLeaderboardSort('xcp_count')).toEqual({ sort: null, page: 1 });
  });

  it('ranks by destruction under the destruction valuation and the destroyed count only', () => {
    expect(XCP_LEADERBOARD_SORTS.filter(isXcpDestructionSort)).toEqual([
      'xcp_destroyed_count',
      'destruction_valuation',
    ]);
  });
});
