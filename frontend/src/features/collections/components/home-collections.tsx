import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { SiteVariant } from '@/config/site';
import { useMarketStats } from '@/lib/realtime';
import { useSettledOnce } from '@/lib/use-settled-once';
import { HOME_COLLECTIONS_SHOWN, showSeeAll } from '../rules';
import type { Collection } from '../types';
import { CollectionGrid } from './collection-card';
import { MarketStatsTable } from './market-stats-table';

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
 * The home page's SRC-721 collections: the home call's `src721Collections` (trending first, at most 11), 10 shown, a
 * see-all link only when there are more than 10. Hidden when the list is empty.
 */
export function HomeSrc721Collections({ collections, stampsWord }: { collections: Collection[]; stampsWord: string }) {
  if (collections.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="src721-collections-title">
      <div className="section-head">
        <h2 id="src721-collections-title" className="section-head__title">
          SRC-721 collections
        </h2>
        {showSeeAll(collections.length) && (
          <Link className="section-head__link" to={paths.collections.getHref()}>
            See all ›
          </Link>
        )}
      </div>
      <CollectionGrid collections={collections.slice(0, HOME_COLLECTIONS_SHOWN)} stampsWord={stampsWord} />
    </section>
  );
}
