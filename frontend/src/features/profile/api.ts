import { api } from '@/lib/api';
import type { Profile } from './types';

const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, string>({
      query: (id) => `profile/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Profile', id }],
    }),
  }),
});

export const { useGetProfileQuery } = profileApi;
