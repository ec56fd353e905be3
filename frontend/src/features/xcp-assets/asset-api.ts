import { api } from '@/lib/api';
import type { AssetSearchArgs } from './asset-params';
import type { AssetDetailData, AssetHit } from './asset-types';
import type { Paged } from '@/lib/stamp';
import { DEFAULT_PAGE_SIZE } from '@/utils/pagination';

/** The XCP finder's page size (asked as `limit`). */
export const ASSET_PAGE_SIZE = DEFAULT_PAGE_SIZE;

const assetApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/xcp/search[/{q}]`: every Counterparty asset, a stamp or not (the XCP site's finder). */
    searchAssets: build.query<Paged<AssetHit>, AssetSearchArgs>({
      query: ({ q, types, only, sort, offset, limit }) => ({
        url: q ? `xcp/search/${encodeURIComponent(q)}` : 'xcp/search',
        params: { types, only, sort, offset, limit },
      }),
      providesTags: ['AssetList'],
    }),
    /** `GET /api/asset/{cpid}`: any asset with the stamp page's blocks; 404 'Asset not found'. */
    getAsset: build.query<AssetDetailData, string>({
      query: (cpid) => `asset/${encodeURIComponent(cpid)}`,
      providesTags: (_result, _error, cpid) => [{ type: 'Asset', id: cpid }],
    }),
  }),
});

export const { useSearchAssetsQuery, useGetAssetQuery } = assetApi;

/** Starts the XCP finder's search ahead of its code (the app's first-page prefetch). */
export function prefetchAssetSearch(args: AssetSearchArgs) {
  return assetApi.util.prefetch('searchAssets', args, {});
}

/** Starts an asset's call ahead of its page's code (the app's first-page prefetch). */
export function prefetchAsset(cpid: string) {
  return assetApi.util.prefetch('getAsset', cpid, {});
}
