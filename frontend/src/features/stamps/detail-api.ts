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
