import { api } from '@/lib/api';
import type {
  CreateFairmintBody,
  CreateLaunchpadBody,
  CreateSrc20MintBody,
  PromoAnswer,
  WhitelistAnswer,
} from './types';

/** The whitelist lookup is cached 5 seconds (spec §9). */
export const WHITELIST_CACHE_SECONDS = 5;

/** The path of the whitelist check of `address` for `collection`. */
export function whitelistPath(collection: string, address: string): string {
  return `wallet/whitelist/${encodeURIComponent(collection)}/${encodeURIComponent(address)}`;
}

const mintApi = api.injectEndpoints({
  endpoints: (build) => ({
    createFairmint: build.mutation<unknown, CreateFairmintBody>({
      query: (body) => ({ url: 'wallet/create/fairmint', method: 'POST', body }),
    }),
    createSrc20Mint: build.mutation<unknown, CreateSrc20MintBody>({
      query: (body) => ({ url: 'wallet/create/src20-issuance', method: 'POST', body }),
    }),
    createLaunchpadMint: build.mutation<unknown, CreateLaunchpadBody>({
      query: (body) => ({ url: 'wallet/create/launchpad-issuance', method: 'POST', body }),
    }),
    getWhitelist: build.query<WhitelistAnswer, { collection: string; address: string }>({
      query: ({ collection, address }) => whitelistPath(collection, address),
      keepUnusedDataFor: WHITELIST_CACHE_SECONDS,
    }),
    /** The promo's mints left, read anew each time a dialog opens. */
    getPromo: build.query<PromoAnswer, undefined>({
      query: () => 'wallet/promo',
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useCreateFairmintMutation,
  useCreateSrc20MintMutation,
  useCreateLaunchpadMintMutation,
  useGetWhitelistQuery,
  useGetPromoQuery,
} = mintApi;
