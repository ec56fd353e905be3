import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { SiteVariant } from '@/config/site';
import { useMarketStats } from '@/lib/realtime';
import { useSettledOnce } from '@/lib/use-settled-once';
import { HOME_COLLECTIONS_ARGS, useListCollectionsQuery } from '../api';
import { HOME_COLLECTIONS_SHOWN, showSeeAll } from '../rules';
import { CollectionGrid } from './collection-card';
import { MarketStatsTable } from './market-stats-table';

/**
 * Whether the home page's collections call (the SRC-721 collections) has answered, with data or an error: the home
 * page waits for it, so that its section does not appear later and push the sections below it down.
 */
export function useHomeCollectionsSettled(): boolean {
  const src721 = useListCollectionsQuery(HOME_COLLECTIONS_ARGS);
  return useSettledOnce(!src721.isLoading);
}

/** How long the home page waits for the live market list before showing the sections below it without it. */
export const MARKET_STATS_WAIT_MS = 3000;

/**
 * Whether the home page's live market list has arrived, or has been waited for long enough (a stream that sends
 * nothing must not hold the page back).
 */
export function useMarketStatsSettled(variant: SiteVariant): boolean {
  const arrived = useMarketStats(variant) !== undefined;
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (arrived) return undefined;
    const timer = window.setTimeout(() => {
      setWaited(true);
    }, MARKET_STATS_WAIT_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [arrived]);
  return useSettledOnce(arrived || waited);
}

/**
 * The home page's market stats table, from the live market list (spec: `stats` on the Stamps site, `xcp-stats` on
 * the XCP site), most sold first. Hidden until the list arrives, and when it is empty.
 */
export function HomeMarketStats({ variant }: { variant: SiteVariant }) {
  const rows = useMarketStats(variant);
  if (!rows || rows.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="market-stats-title">
      <div className="section-head">
        <h2 id="market-stats-title" className="section-head__title">
          Market stats
        </h2>
      </div>
      <MarketStatsTable title="Market stats" rows={rows} />
    </section>
  );
}

/**
 * The home page's SRC-721 collections: the trending ones of type src721, 10 shown, a see-all link only when there
 * are more than 10. Hidden while the collections API does not answer.
 */
export function HomeSrc721Collections({ stampsWord }: { stampsWord: string }) {
  const { data, isError } = useListCollectionsQuery(HOME_COLLECTIONS_ARGS);
  if (isError || !data) return null;
  const src721 = data.hits.filter((collection) => collection.type === 'src721');
  if (src721.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="src721-collections-title">
      <div className="section-head">
        <h2 id="src721-collections-title" className="section-head__title">
          SRC-721 collections
        </h2>
        {showSeeAll(src721.length) && (
          <Link className="section-head__link" to={paths.collections.getHref()}>
            See all ›
          </Link>
        )}
      </div>
      <CollectionGrid collections={src721.slice(0, HOME_COLLECTIONS_SHOWN)} stampsWord={stampsWord} />
    </section>
  );
}
