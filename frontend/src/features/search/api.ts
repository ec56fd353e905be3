import { api } from '@/lib/api';
import type { Autocomplete } from './types';

const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    autocomplete: build.query<Autocomplete, string>({
      query: (text) => `autocomplete/${encodeURIComponent(text)}`,
    }),
  }),
});

export const { useAutocompleteQuery, useLazyAutocompleteQuery } = searchApi;
