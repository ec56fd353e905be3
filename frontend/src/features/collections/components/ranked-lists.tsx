import { Link, useSearchParams } from 'react-router';
import { FallbackImage } from '@/components/ui/fallback-image';
import { Pagination } from '@/components/ui/pagination';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { GENERIC_ERROR } from '@/lib/api-error';
import { useSite } from '@/lib/site-variant';
import { formatInteger, shortenAddress } from '@/utils/format';
import { pageCount, PAGE_PARAM, parsePage } from '@/utils/pagination';
import {
  BURNED_PAGE_SIZE,
  COLLECTORS_PAGE_SIZE,
  useGetCollectionBurnedQuery,
  useGetCollectionCollectorsQuery,
} from '../api';
import { profileHref } from '../rules';
import type { StampThumb } from '../types';
import { useCollectionOutlet } from './collection-layout';
import { ResultLine } from '@/components/ui/result-line';

type RankedEntry = {
  rank: number;
  address: string;
  user_id: string | null;
  display_name: string | null;
  count: number;
  stamps: StampThumb[];
};

/** Who an entry is: a profile link by user id when there is one, else the address shortened 5+5. */
function EntryName({ entry }: { entry: RankedEntry }) {
  const name = entry.display_name ?? (entry.user_id ? entry.user_id : shortenAddress(entry.address));
  if (entry.user_id) {
    return (
      <Link className="text-link" to={profileHref(entry.user_id)}>
        {name}
      </Link>
    );
  }
  return (
    <span className="mono" title={entry.address}>
      {name}
    </span>
  );
}

function RankedCards({ entries, countLabel, label }: { entries: RankedEntry[]; countLabel: string; label: string }) {
  const site = useSite();
  if (entries.length === 0) return <p className="empty">NO RESULTS</p>;
  return (
    <ol className="ranked-list" aria-label={label}>
      {entries.map((entry) => (
        <li key={`${String(entry.rank)}-${entry.address}`} className="ranked-card">
          <span className="ranked-card__rank">#{entry.rank}</span>
          <div className="ranked-card__who">
            <EntryName entry={entry} />
            <span className="ranked-card__count">
              {formatInteger(entry.count)} {countLabel}
            </span>
          </div>
          <ul className="ranked-card__stamps" aria-label={`${site.stampsWord} of #${String(entry.rank)}`}>
            {entry.stamps.map((stamp) => (
              <li key={stamp.cpid}>
                <Link to={site.stampHref(stamp.cpid)}>
                  <FallbackImage sources={[stamp.url]} alt={`${site.stampWord} ${stamp.cpid}`} />
                </Link>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

/** The Collectors tab: ranked collector cards, 20 per page. */
export function CollectorsTab() {
  const { collection } = useCollectionOutlet();
  const site = useSite();
  const [searchParams] = useSearchParams();
  const page = parsePage(searchParams.get(PAGE_PARAM));
  const { data, isLoading, isError, isFetching } = useGetCollectionCollectorsQuery({
    id: collection.collection_id,
    page,
  });
  if (isLoading) return <Loading />;
  if (isError || !data) return <ErrorNotice message={GENERIC_ERROR} />;
  const pages = pageCount(data.estimatedTotalHits, COLLECTORS_PAGE_SIZE);
  return (
    <section className="results" aria-label="Collectors" aria-busy={isFetching}>
      <ResultLine offset={data.offset} shown={data.hits.length} total={data.estimatedTotalHits} />
      <RankedCards
        label="Collectors"
        countLabel={site.stampsWord.toLowerCase()}
        entries={data.hits.map((hit) => ({ ...hit, count: hit.stamp_count }))}
      />
      <Pagination page={page} count={pages} />
    </section>
  );
}

/** The Burned tab: a result count and ranked destroy cards, the first 10 destroyed stamps per user. */
export function BurnedTab() {
  const { collection } = useCollectionOutlet();
  const [searchParams] = useSearchParams();
  const page = parsePage(searchParams.get(PAGE_PARAM));
  const { data, isLoading, isError, isFetching } = useGetCollectionBurnedQuery({ id: collection.collection_id, page });
  if (isLoading) return <Loading />;
  if (isError || !data) return <ErrorNotice message={GENERIC_ERROR} />;
  const pages = pageCount(data.estimatedTotalHits, BURNED_PAGE_SIZE);
  return (
    <section className="results" aria-label="Burned" aria-busy={isFetching}>
      <ResultLine offset={data.offset} shown={data.hits.length} total={data.estimatedTotalHits} />
      <RankedCards
        label="Burned"
        countLabel="destroyed"
        entries={data.hits.map((hit) => ({ ...hit, count: hit.destroyed_count, stamps: hit.stamps.slice(0, 10) }))}
      />
      <Pagination page={page} count={pages} />
    </section>
  );
}
