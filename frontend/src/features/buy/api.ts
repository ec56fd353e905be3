import { api } from '@/lib/api';
import type { BuyItem, CreateBuyAnswer, CreateBuyBody } from './types';
import { parseBuyItems } from './items';

/** At most this many listings are asked for at once (the cart's limit). */
export const MAX_HASHES = 5;

/** The path of `GET /api/wallet/buy/{hashes}`: the hashes comma-separated, each encoded. */
export function buyItemsPath(hashes: readonly string[]): string {
  return `wallet/buy/${hashes.slice(0, MAX_HASHES).map(encodeURIComponent).join(',')}`;
}

const buyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The listings of the cart, in the cart's order, read anew each time the dialog opens (another buyer may have
     * emptied a dispenser since).
     */
    getBuyItems: build.query<BuyItem[], readonly string[]>({
      query: (hashes) => buyItemsPath(hashes),
      transformResponse: (raw: unknown) => parseBuyItems(raw),
      keepUnusedDataFor: 0,
    }),
    /** `POST /api/wallet/create/buy` (the session's cookie): the PSBT buying from the listings. */
    createBuy: build.mutation<CreateBuyAnswer, CreateBuyBody>({
      query: (body) => ({ url: 'wallet/create/buy', method: 'POST', body }),
    }),
  }),
});

export const { useGetBuyItemsQuery, useCreateBuyMutation } = buyApi;
