import { api } from '@/lib/api';
import type { HomeData } from './types';

const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getHome: build.query<HomeData, undefined>({
      query: () => 'home',
      // Missing lists read as empty, so a partial answer never breaks the page.
      transformResponse: (raw: Partial<HomeData> | null) => ({
        lastSales: raw?.lastSales ?? [],
        newDispenser: raw?.newDispenser ?? [],
        src721: raw?.src721 ?? [],
        classic: raw?.classic ?? [],
      }),
      providesTags: ['Home'],
    }),
  }),
});

export const { useGetHomeQuery } = homeApi;
