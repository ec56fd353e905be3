import { api } from '@/lib/api';
import type { LeaderboardArgs } from './search-params';
import type { CollectorPage, XcpCollectorPage } from './types';
import type { XcpLeaderboardArgs } from './xcp-params';

const leaderboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLeaderboard: build.query<CollectorPage, LeaderboardArgs>({
      query: (params) => ({ url: 'leaderboard', params }),
      providesTags: ['Leaderboard'],
    }),
    /** The XCP site's ranking: holders of Counterparty assets. */
    getXcpLeaderboard: build.query<XcpCollectorPage, XcpLeaderboardArgs>({
      query: (params) => ({ url: 'xcp/leaderboard', params }),
      providesTags: ['Leaderboard'],
    }),
  }),
});

export const { useGetLeaderboardQuery, useGetXcpLeaderboardQuery } = leaderboardApi;
