import { api } from '@/lib/api';
import type { StampDetailData } from './detail-types';

const detailApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/stamp/{cpid}` with every detail block; 404 is '404 - Stamp not found.'. */
    getStampDetail: build.query<StampDetailData, string>({
      query: (cpid) => `stamp/${encodeURIComponent(cpid)}`,
      providesTags: (_result, _error, cpid) => [{ type: 'Stamp', id: cpid }],
    }),
  }),
});

export const { useGetStampDetailQuery } = detailApi;

/** Starts a stamp's call ahead of its page's code (the app's first-page prefetch). */
export function prefetchStampDetail(cpid: string) {
  return detailApi.util.prefetch('getStampDetail', cpid, {});
}
