import { api } from '@/lib/api';
import type { FairmintSearchArgs } from './search-params';
import type { FairminterPage } from './types';

const fairmintApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchFairminters: build.query<FairminterPage, FairmintSearchArgs>({
      query: ({ q, ...params }) => ({
        url: q ? `fairminter/search/${encodeURIComponent(q)}` : 'fairminter/search',
        params,
      }),
      providesTags: ['Fairminters'],
    }),
  }),
});

export const { useSearchFairmintersQuery } = fairmintApi;
