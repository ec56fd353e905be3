import { api } from '@/lib/api';
import type { AdventCalendar, AdventDay } from './types';

/** A door record with a day number (anything else in the list is dropped). */
function isAdventDay(value: unknown): value is AdventDay {
  return typeof value === 'object' && value !== null && 'day' in value && typeof value.day === 'number';
}

const adventApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdvent: build.query<AdventCalendar, undefined>({
      query: () => 'advent',
      // A missing day list reads as an all-closed calendar.
      transformResponse: (raw: Partial<AdventCalendar> | null) => ({
        year: typeof raw?.year === 'number' ? raw.year : new Date().getUTCFullYear(),
        days: Array.isArray(raw?.days) ? (raw.days as unknown[]).filter(isAdventDay) : [],
      }),
      providesTags: ['Advent'],
    }),
  }),
});

export const { useGetAdventQuery } = adventApi;
