import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/**
 * The one RTK Query API of the app. Features add their endpoints with `api.injectEndpoints`
 * in `src/features/<feature>/api.ts`; every cache tag type is declared here.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '/api' }),
  tagTypes: [
    'Stamp',
    'StampList',
    'Asset',
    'AssetList',
    'Src20List',
    'Src20Tick',
    'Src20Trending',
    'Home',
    'Collection',
    'CollectionList',
    'Leaderboard',
    'Profile',
    'ProfileStamps',
    'Fairminters',
    'Announcement',
    'Feat',
    'Advent',
    'User',
  ],
  // The spec's 3-minute cache.
  keepUnusedDataFor: 180,
  endpoints: () => ({}),
});
