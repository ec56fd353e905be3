import { api } from '@/lib/api';
import type { Autocomplete } from './types';

function list<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

/** The answer with every group a list (a group the API leaves out is empty). */
export function normalizeAutocomplete(raw: Partial<Record<keyof Autocomplete, unknown>> | null): Autocomplete {
  return {
    stampHits: list(raw?.stampHits),
    src20Hits: list(raw?.src20Hits),
    collectionHits: list(raw?.collectionHits),
    leaderboardHits: list(raw?.leaderboardHits),
  };
}

const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    autocomplete: build.query<Autocomplete, string>({
      query: (text) => `autocomplete/${encodeURIComponent(text)}`,
      transformResponse: normalizeAutocomplete,
    }),
  }),
});

export const { useAutocompleteQuery, useLazyAutocompleteQuery } = searchApi;
