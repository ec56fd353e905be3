import { api } from '@/lib/api';
import { parseAnnouncement } from './rules';
import type { Announcement } from './types';

const announcementApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAnnouncement: build.query<Announcement | null, undefined>({
      query: () => 'announcement',
      transformResponse: (raw: unknown) => parseAnnouncement(raw),
      providesTags: ['Announcement'],
    }),
  }),
});

export const { useGetAnnouncementQuery } = announcementApi;

/** Starts the announcement's call ahead of the first render (the shell shows it as soon as it answers). */
export function prefetchAnnouncement() {
  return announcementApi.util.prefetch('getAnnouncement', undefined, {});
}
