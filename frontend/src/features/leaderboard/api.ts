import { api } from '@/lib/api';
import type { LeaderboardArgs } from './search-params';
import type { CollectorPage } from './types';

const leaderboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLeaderboard: build.query<CollectorPage, LeaderboardArgs>({
      query: (params) => ({ url: 'leaderboard', params }),
      providesTags: ['Leaderboard'],
    }),
  }),
});

export const { useGetLeaderboardQuery } = leaderboardApi;
