import { api } from '@/lib/api';
import type { Src721Data } from './types';

const src721Api = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/stamp/src721/{cpid}`: the SRC-721 block of a deploy or mint; 404 when it is neither. */
    getSrc721: build.query<Src721Data, string>({
      query: (cpid) => `stamp/src721/${encodeURIComponent(cpid)}`,
      providesTags: (_result, _error, cpid) => [{ type: 'Stamp', id: cpid }],
    }),
  }),
});

export const { useGetSrc721Query } = src721Api;
