import { api } from '@/lib/api';
import type { Src20Page } from './types';
import { DEFAULT_PAGE_SIZE } from '@/utils/pagination';

/** Page size of an address's SRC-20 activity. */
export const SRC20_ACTIVITY_PAGE_SIZE = DEFAULT_PAGE_SIZE;

export type Src20ActivityArgs = { address: string; page: number; limit: number };

const activityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSrc20Activity: build.query<Src20Page, Src20ActivityArgs>({
      query: ({ address, page, limit }) => ({
        url: `src20/activity/${encodeURIComponent(address)}`,
        params: { page, limit },
      }),
      providesTags: ['Src20List'],
    }),
  }),
});

export const { useGetSrc20ActivityQuery } = activityApi;
