import { api } from '@/lib/api';
import type { Src20SearchArgs } from './search-params';
import type { Src20Page, Src20Tick, Src20Trending } from './types';
import { DEFAULT_PAGE_SIZE } from '@/utils/pagination';

/** Page size of the SRC-20 finder. */
export const SRC20_PAGE_SIZE = DEFAULT_PAGE_SIZE;
/** Page size of a tick's activity table. */
export const SRC20_HISTORY_PAGE_SIZE = 20;

/** Arguments of a tick's activity page. */
export type TickHistoryArgs = { tick: string; page: number; limit: number };

const src20Api = api.injectEndpoints({
  endpoints: (build) => ({
    searchSrc20: build.query<Src20Page, Src20SearchArgs>({
      query: ({ q, ...params }) => ({
        url: q ? `src20/search/${encodeURIComponent(q)}` : 'src20/search',
        params,
      }),
      providesTags: ['Src20List'],
    }),
    getSrc20Trending: build.query<Src20Trending, undefined>({
      query: () => 'src20/trending',
      providesTags: ['Src20Trending'],
    }),
    getSrc20Tick: build.query<Src20Tick, string>({
      query: (tick) => `src20/tick/${encodeURIComponent(tick)}`,
      providesTags: (_result, _error, tick) => [{ type: 'Src20Tick', id: tick }],
    }),
    getSrc20TickHistory: build.query<Src20Page, TickHistoryArgs>({
      query: ({ tick, page, limit }) => ({
        url: `src20/tick/${encodeURIComponent(tick)}/history`,
        params: { page, limit },
      }),
      providesTags: ['Src20List'],
    }),
  }),
});

export const { useSearchSrc20Query, useGetSrc20TrendingQuery, useGetSrc20TickQuery, useGetSrc20TickHistoryQuery } =
  src20Api;
