import { api } from '@/lib/api';
import type { StampDetailData } from '@/lib/stamp-detail';

/** Arguments of the resize call. */
export type ResizeArgs = { cpid: string; size: number };

const detailApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/stamp/{cpid}` with every detail block; 404 is '404 - Stamp not found.'. */
    getStampDetail: build.query<StampDetailData, string>({
      query: (cpid) => `stamp/${encodeURIComponent(cpid)}`,
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

export const { useGetStampDetailQuery, useResizeStampMutation } = detailApi;

/** Starts a stamp's call ahead of its page's code (the app's first-page prefetch). */
export function prefetchStampDetail(cpid: string) {
  return detailApi.util.prefetch('getStampDetail', cpid, {});
}
