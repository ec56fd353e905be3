import { describe, expect, it } from 'vitest';
import {
  chooseXcpLeaderboardSort,
  parseXcpLeaderboard,
  toXcpLeaderboardArgs,
  xcpLeaderboardParams,
} from './xcp-params';

describe('XCP leaderboard parameters', () => {
  it('reads the sort and page; the default and unknown sorts are no sort', () => {
    expect(parseXcpLeaderboard(new URLSearchParams('sort=xcp_created_count&page=3'))).toEqual({
      sort: 'xcp_created_count',
      page: 3,
    });
    expect(parseXcpLeaderboard(new URLSearchParams('sort=xcp_count'))).toEqual({ sort: null, page: 1 });
    expect(parseXcpLeaderboard(new URLSearchParams('sort=floor_valuation&page=0'))).toEqual({ sort: null, page: 1 });
  });

  it('writes the default sort and page 1 out of the URL and the call', () => {
    expect(xcpLeaderboardParams({ sort: null, page: 1 }).toString()).toBe('');
    expect(xcpLeaderboardParams({ sort: 'xcp_destroyed_count', page: 2 }).toString()).toBe(
      'sort=xcp_destroyed_count&page=2',
    );
    expect(toXcpLeaderboardArgs({ sort: null, page: 1 })).toEqual({ page: 1, limit: 20 });
    expect(toXcpLeaderboardArgs({ sort: 'xcp_created_count', page: 4 })).toEqual({
      sort: 'xcp_created_count',
      page: 4,
      limit: 20,
    });
  });

  it('a sort change resets the page; choosing the default drops the sort', () => {
    expect(chooseXcpLeaderboardSort('xcp_destroyed_count')).toEqual({ sort: 'xcp_destroyed_count', page: 1 });
    expect(chooseXcpLeaderboardSort('xcp_count')).toEqual({ sort: null, page: 1 });
  });
});
