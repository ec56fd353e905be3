import { api } from '@/lib/api';
import { DEFAULT_PAGE_SIZE } from '@/utils/pagination';

/** A Counterparty event of a profile's addresses (`GET /api/activity`); `quantity` is in base units, exact. */
export type ActivityItem = {
  asset: string;
  asset_longname: string | null;
  quantity: string;
  divisible: boolean;
  /** send, receive, attach, detach, move, issuance, transfer, destroy, buy, sell, fairmint. */
  tx_type: string;
  tx_hash: string;
  block_index: number;
  /** Unix seconds. */
  timestamp: number;
};

export type ActivityPage = { hits: ActivityItem[]; estimatedTotalHits: number; offset: number; limit: number };

/** Page size of a profile's activity (asked as `limit`). */
export const ACTIVITY_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** The API takes at most 20 addresses. */
const MAX_ADDRESSES = 20;

const activityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getActivity: build.query<ActivityPage, { addresses: string[]; page: number }>({
      query: ({ addresses, page }) => ({
        url: 'activity',
        params: { addresses: addresses.slice(0, MAX_ADDRESSES).join(','), page, limit: ACTIVITY_PAGE_SIZE },
      }),
      providesTags: ['ProfileStamps'],
    }),
  }),
});

export const { useGetActivityQuery } = activityApi;
