import { api } from '@/lib/api';
import { takeEarlyAnswer } from '@/lib/early-answer';
import type { HomeData } from './types';

/** A list field of the answer: anything but an array reads as empty. */
function listOrEmpty<T>(value: T[] | undefined): T[] {
  return Array.isArray(value) ? value : [];
}

/** `GET /api/home` read defensively: missing lists read as empty, so a partial answer never breaks the page. */
export function normalizeHome(raw: unknown): HomeData {
  const home = (typeof raw === 'object' && raw !== null ? raw : {}) as Partial<HomeData>;
  return {
    mainBanner: listOrEmpty(home.mainBanner),
    featured: listOrEmpty(home.featured),
    launchpads: listOrEmpty(home.launchpads),
    lastSales: listOrEmpty(home.lastSales),
    newDispenser: listOrEmpty(home.newDispenser),
    src721Collections: listOrEmpty(home.src721Collections),
    src721: listOrEmpty(home.src721),
    classic: listOrEmpty(home.classic),
  };
}

const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getHome: build.query<HomeData, undefined>({
      // The answer index.html asked for while the app's code loaded, when there is one; else the network's.
      async queryFn(_arg, _api, _extra, baseQuery) {
        const early = await takeEarlyAnswer('/api/home');
        if (early !== undefined && early !== null) return { data: normalizeHome(early) };
        const result = await baseQuery('home');
        if (result.error) return { error: result.error };
        return { data: normalizeHome(result.data) };
      },
      providesTags: ['Home'],
    }),
  }),
});

export const { useGetHomeQuery } = homeApi;

/** Starts the home page's call ahead of its code (the app's first-page prefetch). */
export function prefetchHome() {
  return homeApi.util.prefetch('getHome', undefined, {});
}
