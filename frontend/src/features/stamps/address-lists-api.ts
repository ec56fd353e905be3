import { api } from '@/lib/api';
import type { Paged, StampHit } from '@/lib/stamp';
import type { StampSearchArgs } from './types';
import { DEFAULT_PAGE_SIZE } from '@/utils/pagination';

/** The stamp lists of a set of addresses, as the API names them: held, created, or whose asset they own. */
export type AddressStampList = 'holders_addresses' | 'creator' | 'owner';

/** Page size of the address stamp lists. */
export const ADDRESS_STAMPS_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** The API takes at most 20 addresses. */
export const MAX_ADDRESSES = 20;

/** A list, its addresses, and the finder's page, filters and sort (no search text). */
export type AddressStampsArgs = Omit<StampSearchArgs, 'q'> & {
  list: AddressStampList;
  addresses: string[];
  /** Only the stamps of this collection. */
  collection?: string;
};

/** A user's wishlist, with the finder's page, filters and sort (no search text). */
export type WishlistStampsArgs = Omit<StampSearchArgs, 'q'> & {
  /** The user's id or display name. */
  user: string;
  collection?: string;
};

const addressListsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWishlistStamps: build.query<Paged<StampHit>, WishlistStampsArgs>({
      query: ({ user, ...params }) => ({ url: `user/wishlist/${encodeURIComponent(user)}`, params }),
      providesTags: ['ProfileStamps'],
    }),
    getAddressStamps: build.query<Paged<StampHit>, AddressStampsArgs>({
      query: ({ list, addresses, ...params }) => ({
        url: `stamps/${list}`,
        params: { addresses: addresses.slice(0, MAX_ADDRESSES).join(','), ...params },
      }),
      providesTags: ['ProfileStamps'],
    }),
  }),
});

export const { useGetAddressStampsQuery, useGetWishlistStampsQuery } = addressListsApi;
