import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorStatus } from '@/lib/api-error';
import { useSettledOnce } from '@/lib/use-settled-once';
import { HOME_COLLECTIONS_ARGS, HOME_LAUNCHPADS_ARGS, HOME_MARKET_STATS_ARGS, useListCollectionsQuery } from '../api';
import { HOME_COLLECTIONS_SHOWN, showSeeAll } from '../rules';
import { CollectionGrid } from './collection-card';
import { MarketStatsTable } from './market-stats-table';

/**
 * Whether both home collections calls have answered (with data or an error): the home page waits for them, so
 * that the market stats and SRC-721 sections do not appear later and push the sections below them down.
 */
export function useHomeCollectionsSettled(): boolean {
  const marketStats = useListCollectionsQuery(HOME_MARKET_STATS_ARGS);
  const launchpads = useListCollectionsQuery(HOME_LAUNCHPADS_ARGS);
  const src721 = useListCollectionsQuery(HOME_COLLECTIONS_ARGS);
  return useSettledOnce(!marketStats.isLoading && !launchpads.isLoading && !src721.isLoading);
}

/**
 * The home page's market stats table: the collections by total volume. Hidden until the collections API answers
 * (404 or any failure hides it: a market table without data has nothing to say).
 */
export function HomeMarketStats() {
  const { data, isError, error } = useListCollectionsQuery(HOME_MARKET_STATS_ARGS);
  if (isError || !data || errorStatus(error) === 404) return null;
  if (data.hits.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="market-stats-title">
      <div className="section-head">
        <h2 id="market-stats-title" className="section-head__title">
          Market stats
        </h2>
      </div>
      <MarketStatsTable title="Market stats" collections={data.hits} />
    </section>
  );
}

/** The home page's launchpads (the staff's launchpad collections); hidden when there are none or the call fails. */
export function HomeLaunchpads({ stampsWord }: { stampsWord: string }) {
  const { data, isError } = useListCollectionsQuery(HOME_LAUNCHPADS_ARGS);
  if (isError || !data || data.hits.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="launchpads-title">
      <div className="section-head">
        <h2 id="launchpads-title" className="section-head__title">
          Launchpads
        </h2>
      </div>
      <CollectionGrid collections={data.hits} stampsWord={stampsWord} label="Launchpads" />
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
