import { api } from '@/lib/api';
import type { Paged, StampDetail, StampHit } from '@/lib/stamp';
import type { StampSearchArgs } from './types';
import { DEFAULT_PAGE_SIZE } from '@/utils/pagination';

/** Page size of stamp lists. */
export const STAMP_PAGE_SIZE = DEFAULT_PAGE_SIZE;

const stampsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStamp: build.query<StampDetail, string>({
      query: (cpid) => `stamp/${encodeURIComponent(cpid)}`,
      providesTags: (_result, _error, cpid) => [{ type: 'Stamp', id: cpid }],
    }),
    searchStamps: build.query<Paged<StampHit>, StampSearchArgs>({
      query: ({ q, offset, limit, types, only, sort, rarity }) => ({
        url: 'search',
        params: { q: q || undefined, types, only, sort, rarity, offset, limit },
      }),
      providesTags: ['StampList'],
    }),
  }),
});

export const { useGetStampQuery, useSearchStampsQuery } = stampsApi;

/** Starts a stamp search ahead of the finder's code (the app's first-page prefetch). */
export function prefetchStampSearch(args: StampSearchArgs) {
  return stampsApi.util.prefetch('searchStamps', args, {});
}
