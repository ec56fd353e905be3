import { api } from '@/lib/api';
import type { Paged, StampHit } from './types';

/** The stamp lists of a set of addresses, as the API names them: held, created, or whose asset they own. */
export type AddressStampList = 'holders_addresses' | 'creator' | 'owner';

/** Page size of the address stamp lists. */
export const ADDRESS_STAMPS_PAGE_SIZE = 24;

export type AddressStampsArgs = { list: AddressStampList; addresses: string[]; page: number; limit: number };

const addressListsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAddressStamps: build.query<Paged<StampHit>, AddressStampsArgs>({
      query: ({ list, addresses, page, limit }) => ({
        url: `stamps/${list}`,
        // The API takes at most 20 addresses.
        params: { addresses: addresses.slice(0, 20).join(','), page, limit },
      }),
      providesTags: ['ProfileStamps'],
    }),
  }),
});

export const { useGetAddressStampsQuery } = addressListsApi;
