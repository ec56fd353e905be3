import { api } from '@/lib/api';
import type { Paged, StampHit } from '@/lib/stamp';
import { SAMPLE_COUNT, SAMPLE_TYPES, sampleOffset, shuffled } from './samples';

/** The cpids of a page of stamp search hits (anything but a list of hits reads as none). */
function hitCpids(data: unknown): { cpids: string[]; total: number } {
  const page = (typeof data === 'object' && data !== null ? data : {}) as Partial<Paged<StampHit>>;
  const hits = Array.isArray(page.hits) ? page.hits : [];
  const total = typeof page.estimatedTotalHits === 'number' ? page.estimatedTotalHits : 0;
  return { cpids: hits.flatMap((hit) => (typeof hit.cpid === 'string' ? [hit.cpid] : [])), total };
}

const mixerApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The mixer's preview: 50 random stamps whose file is an image. The stamp search has no random order, so this
     * counts the image stamps (`GET /api/search?types=png,gif,jpeg&limit=1`), reads one page of 50 from a random
     * offset, and shuffles it. Each fetch (`refetch`) draws a new page.
     */
    getMixerSamples: build.query<string[], undefined>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const counted = await baseQuery({ url: 'search', params: { types: SAMPLE_TYPES, limit: 1 } });
        if (counted.error) return { error: counted.error };
        const offset = sampleOffset(hitCpids(counted.data).total, SAMPLE_COUNT, Math.random);
        const page = await baseQuery({ url: 'search', params: { types: SAMPLE_TYPES, offset, limit: SAMPLE_COUNT } });
        if (page.error) return { error: page.error };
        return { data: shuffled(hitCpids(page.data).cpids, Math.random) };
      },
    }),
  }),
});

export const { useGetMixerSamplesQuery } = mixerApi;
