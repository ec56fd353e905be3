import { api } from '@/lib/api';
import type { StampHit } from '@/lib/stamp';
import { DEFAULT_PAGE_SIZE } from '@/utils/pagination';

/** Page size of the themed featured list (/feat). */
export const FEAT_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** `GET /api/feat`: a staff-curated, themed list of stamps, with its title and description. */
export type FeatPage = {
  title: string;
  description: string;
  hits: StampHit[];
  estimatedTotalHits: number;
  offset: number;
  limit: number;
};

/** Arguments of a featured list page: the 1-based page and its size. */
export type FeatArgs = { page: number; limit: number };

/** Reads the answer defensively: missing texts are empty, a missing list is an empty page. */
export function normalizeFeatPage(raw: Partial<FeatPage> | null, limit: number): FeatPage {
  const hits = Array.isArray(raw?.hits) ? raw.hits : [];
  return {
    title: typeof raw?.title === 'string' ? raw.title : '',
    description: typeof raw?.description === 'string' ? raw.description : '',
    hits,
    estimatedTotalHits: typeof raw?.estimatedTotalHits === 'number' ? raw.estimatedTotalHits : hits.length,
    offset: typeof raw?.offset === 'number' ? raw.offset : 0,
    limit: typeof raw?.limit === 'number' && raw.limit > 0 ? raw.limit : limit,
  };
}

const featApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFeat: build.query<FeatPage, FeatArgs>({
      query: ({ page, limit }) => ({ url: 'feat', params: { page, limit } }),
      transformResponse: (raw: Partial<FeatPage> | null, _meta, { limit }) => normalizeFeatPage(raw, limit),
      providesTags: ['Feat'],
    }),
  }),
});

export const { useGetFeatQuery } = featApi;
