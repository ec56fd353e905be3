import { api } from '@/lib/api';
import type { HomeData } from './types';

/** A list field of the answer: anything but an array reads as empty. */
function listOrEmpty<T>(value: T[] | undefined): T[] {
  return Array.isArray(value) ? value : [];
}

const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getHome: build.query<HomeData, undefined>({
      query: () => 'home',
      // Missing lists read as empty, so a partial answer never breaks the page.
      transformResponse: (raw: Partial<HomeData> | null) => ({
        mainBanner: listOrEmpty(raw?.mainBanner),
        featured: listOrEmpty(raw?.featured),
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

/** Starts the home page's call ahead of its code (the app's first-page prefetch). */
export function prefetchHome() {
  return homeApi.util.prefetch('getHome', undefined, {});
}
