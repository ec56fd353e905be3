import { matchPath } from 'react-router';
import { paths } from '@/config/paths';
import { prefetchAnnouncement } from '@/features/announcement/api';
import { prefetchHome } from '@/features/home/api';
import { prefetchStampSearch, STAMP_PAGE_SIZE } from '@/features/stamps/api';
import { ASSET_PAGE_SIZE, prefetchAsset, prefetchAssetSearch } from '@/features/xcp-assets/asset-api';
import { parseAssetSearch, toAssetSearchArgs } from '@/features/xcp-assets/asset-params';
import { prefetchStampDetail } from '@/features/stamps/detail-api';
import { parseStampSearch, toStampSearchArgs } from '@/features/stamps/finder-params';
import { prefetchRealtime } from '@/lib/realtime';
import type { AppStore } from './store';

/**
 * Starts the first page's calls while its code loads, instead of once the router has rendered it: the live values'
 * stream and the shell's announcement (Stamps site only), and the data of the pages most visited first (home, the
 * finder, a stamp or an asset). Each call is asked with the arguments the page itself will ask, so the page finds it in
 * the cache.
 */
export function prefetchFirstPage(store: AppStore, location: Pick<Location, 'pathname' | 'search'>): void {
  const variant = store.getState().site.variant;
  store.dispatch(prefetchRealtime());
  if (variant === 'stamps') store.dispatch(prefetchAnnouncement());
  const { pathname, search } = location;
  if (matchPath(paths.home.path, pathname)) {
    store.dispatch(prefetchHome());
    return;
  }
  const finder = matchPath(paths.searchQuery.path, pathname) ?? matchPath(paths.search.path, pathname);
  if (finder) {
    const q = finder.params.q ?? '';
    const params = new URLSearchParams(search);
    if (variant === 'xcp') {
      store.dispatch(prefetchAssetSearch(toAssetSearchArgs(q, parseAssetSearch(params), ASSET_PAGE_SIZE)));
    } else {
      store.dispatch(prefetchStampSearch(toStampSearchArgs(q, parseStampSearch(params, variant), STAMP_PAGE_SIZE)));
    }
    return;
  }
  const stamp = matchPath(paths.stamp.path, pathname);
  if (stamp?.params.cpid) store.dispatch(prefetchStampDetail(stamp.params.cpid));
  const asset = matchPath(paths.asset.path, pathname);
  if (asset?.params.cpid) store.dispatch(prefetchAsset(asset.params.cpid));
}
