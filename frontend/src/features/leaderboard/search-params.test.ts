import { describe, expect, it } from 'vitest';
import {
  activeLeaderboardSort,
  chooseLeaderboardSort,
  EMPTY_LEADERBOARD,
  leaderboardParams,
  offersSorts,
  parseLeaderboard,
  toLeaderboardArgs,
  type LeaderboardState,
} from './search-params';

function parse(query: string): LeaderboardState {
  return parseLeaderboard(new URLSearchParams(query));
}

describe('parseLeaderboard', () => {
  it('reads an empty query as the default sort, no project, page 1', () => {
    expect(parse('')).toEqual(EMPTY_LEADERBOARD);
    expect(activeLeaderboardSort(parse(''))).toBe('stamp_count');
  });

  it('reads a known sort and the page; the default and unknown sorts read as absent', () => {
    expect(parse('sort=floor_valuation&page=3')).toEqual({ sort: 'floor_valuation', project: null, page: 3 });
    expect(parse('sort=stamp_count').sort).toBeNull();
    expect(parse('sort=rarity').sort).toBeNull();
    expect(parse('page=zero').page).toBe(1);
  });

  it('ignores the sort when a project is given, and hides the extra sorts', () => {
    const state = parse('project=goose&sort=floor_valuation&page=2');
    expect(state).toEqual({ sort: null, project: 'goose', page: 2 });
    expect(offersSorts(state)).toBe(false);
    expect(offersSorts(parse(''))).toBe(true);
  });
});

describe('leaderboardParams', () => {
  it('drops the default sort and page 1', () => {
    expect(leaderboardParams(EMPTY_LEADERBOARD).toString()).toBe('');
    expect(leaderboardParams({ ...EMPTY_LEADERBOARD, sort: 'stamp_count' }).toString()).toBe('');
    expect(leaderboardParams({ sort: 'destruction_valuation', project: null, page: 4 }).toString()).toBe(
      'sort=destruction_valuation&page=4',
    );
    expect(leaderboardParams({ sort: null, project: 'goose', page: 1 }).toString()).toBe('project=goose');
  });
});

describe('chooseLeaderboardSort', () => {
  it('sets the sort and resets the page; the default drops out', () => {
    const byFloor = chooseLeaderboardSort({ ...EMPTY_LEADERBOARD, page: 5 }, 'floor_valuation');
    expect(byFloor).toEqual({ sort: 'floor_valuation', project: null, page: 1 });
    expect(chooseLeaderboardSort({ ...byFloor, page: 2 }, 'stamp_count')).toEqual(EMPTY_LEADERBOARD);
  });

  it('does nothing with a project', () => {
    const state = { sort: null, project: 'goose', page: 3 };
    expect(chooseLeaderboardSort(state, 'floor_valuation')).toBe(state);
  });
});

describe('toLeaderboardArgs', () => {
  it('asks 20 per page, with the sort or the project', () => {
    expect(toLeaderboardArgs(EMPTY_LEADERBOARD)).toEqual({ page: 1, limit: 20 });
    expect(toLeaderboardArgs(parse('sort=last_sale_valuation&page=2'))).toEqual({
      sort: 'last_sale_valuation',
      page: 2,
      limit: 20,
    });
    expect(toLeaderboardArgs(parse('project=goose'))).toEqual({ project: 'goose', page: 1, limit: 20 });
  });
});
