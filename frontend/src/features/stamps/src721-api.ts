import { api } from '@/lib/api';
import type { Src721Data } from './src721-types';

/** Arguments of the resize call. */
export type ResizeArgs = { cpid: string; size: number };

const src721Api = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/stamp/src721/{cpid}`: the SRC-721 block of a deploy or mint; 404 when it is neither. */
    getSrc721: build.query<Src721Data, string>({
      query: (cpid) => `stamp/src721/${encodeURIComponent(cpid)}`,
      providesTags: (_result, _error, cpid) => [{ type: 'Stamp', id: cpid }],
    }),
    /**
     * `GET /api/assets/resize/{cpid}/{size}`: the stamp as a PNG, base64 text. A mutation, so the (large) answer
     * is not kept in the cache; errors are JSON `{"error": ...}`.
     */
    resizeStamp: build.mutation<string, ResizeArgs>({
      query: ({ cpid, size }) => ({
        url: `assets/resize/${encodeURIComponent(cpid)}/${String(size)}`,
        method: 'GET',
        responseHandler: 'content-type',
      }),
    }),
  }),
});

export const { useGetSrc721Query, useResizeStampMutation } = src721Api;
