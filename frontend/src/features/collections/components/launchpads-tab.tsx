import { Link } from 'react-router';
import { FallbackImage } from '@/components/ui/fallback-image';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { useNow } from '@/lib/use-now';
import { LAUNCHPADS_ARGS, useListCollectionsQuery } from '../api';
import { freeMintText, publicMint, readRange } from '../launchpad-rules';
import { collectionImages, collectionTitle } from '../rules';
import type { Collection } from '../types';
import { MintTerms } from './launchpad-terms';

/**
 * A launchpad of the list: its image and title linking to its page (where its mint tool is), its public mint's phase
 * (and the free-mint window while it lasts), then its price, the stamps minted of its max and the quantity per mint.
 */
function LaunchpadCard({ collection, now }: { collection: Collection; now: number }) {
  const title = collectionTitle(collection);
  const phase = publicMint(collection, now);
  const free = freeMintText(readRange(collection.free_mint), now);
  return (
    <li className="launchpad-card">
      <Link className="launchpad-card__link" to={paths.collection.getHref(collection.collection_id)}>
        <span className="launchpad-card__media">
          <FallbackImage sources={collectionImages(collection)} alt="" />
        </span>
        <span className="launchpad-card__name">{title}</span>
      </Link>
      <p className={`launchpad-card__phase launchpad-card__phase--${phase.phase}`}>
        {phase.phase === 'closed' ? (
          phase.line
        ) : (
          <>
            <span className="launchpad__phase-name">Public mint:</span> {phase.line}
          </>
        )}
      </p>
      {free && <p className="launchpad__free">{free}</p>}
      <MintTerms collection={collection} minted={collection.stamp_count} />
    </li>
  );
}

/**
 * The mint page's Launchpads tab: the launchpad collections, highest stamp numbers first, each with its public mint's
 * phase, price and progress, linking to its collection page. 'NO RESULTS' when there are none.
 */
export function LaunchpadsTab() {
  const { data, error, isLoading, isError, isFetching } = useListCollectionsQuery(LAUNCHPADS_ARGS);
  const now = useNow(1000);
  return (
    <section className="results" aria-labelledby="mint-launchpads-title">
      <h2 id="mint-launchpads-title" className="visually-hidden">
        Launchpads
      </h2>
      {isLoading ? (
        <Loading />
      ) : isError || !data ? (
        <ErrorNotice message={(errorStatus(error) === 400 && errorMessage(error)) || GENERIC_ERROR} />
      ) : data.hits.length === 0 ? (
        <p className="empty">NO RESULTS</p>
      ) : (
        <ul className="launchpad-list" aria-label="Launchpads" aria-busy={isFetching}>
          {data.hits.map((collection) => (
            <LaunchpadCard key={collection.collection_id} collection={collection} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
