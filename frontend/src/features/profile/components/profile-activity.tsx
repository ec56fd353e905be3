import { Link } from 'react-router';
import { Pagination } from '@/components/ui/pagination';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { GENERIC_ERROR } from '@/lib/api-error';
import { useSite } from '@/lib/site-variant';
import { formatBlockTime, formatInteger, formatSupply, shortenAddress } from '@/utils/format';
import { pageCount, resultRange } from '@/utils/pagination';
import { ACTIVITY_PAGE_SIZE, useGetActivityQuery, type ActivityItem } from '../activity-api';

/** Assets that are no stamp: shown, not linked. */
const NOT_STAMPS = new Set(['BTC', 'XCP']);

/** The event's name: the API's type, capitalised ('send' reads 'Send'). */
export function eventName(txType: string): string {
  return txType ? `${txType.charAt(0).toUpperCase()}${txType.slice(1)}` : '-';
}

function Asset({ item }: { item: ActivityItem }) {
  const site = useSite();
  const name = item.asset_longname ?? item.asset;
  if (NOT_STAMPS.has(item.asset)) return <span className="break">{name}</span>;
  return (
    <Link className="text-link break" to={site.stampHref(item.asset)}>
      {name}
    </Link>
  );
}

/**
 * The Activity tab (spec: asset, event, quantity, date): the Counterparty events of the profile's addresses, newest
 * first, 20 a page with ?page=N; 'NO RESULTS' when none.
 */
export function ProfileActivity({ addresses, page }: { addresses: string[]; page: number }) {
  const { data, isLoading, isError, isFetching } = useGetActivityQuery(
    { addresses, page },
    { skip: addresses.length === 0 },
  );
  if (addresses.length === 0) return <p className="empty">NO RESULTS</p>;
  if (isLoading) return <Loading />;
  if (isError || !data) return <ErrorNotice message={GENERIC_ERROR} />;
  if (data.hits.length === 0) return <p className="empty">NO RESULTS</p>;
  const range = resultRange(data.offset, data.hits.length, data.estimatedTotalHits);
  const pages = pageCount(data.estimatedTotalHits, ACTIVITY_PAGE_SIZE);
  return (
    <div className="results">
      <p className="results__count" aria-live="polite">
        {`${formatInteger(range.from)} - ${formatInteger(range.to)} of ${formatInteger(range.total)} results`}
      </p>
      <Pagination page={page} count={pages} label="Pages (top)" />
      <div className="table-scroll">
        <table className="activity" aria-busy={isFetching}>
          <caption className="visually-hidden">Activity</caption>
          <thead>
            <tr>
              <th scope="col">Asset</th>
              <th scope="col">Event</th>
              <th scope="col">Quantity</th>
              <th scope="col">Date</th>
            </tr>
          </thead>
          <tbody>
            {data.hits.map((item) => (
              <tr
                key={`${item.tx_hash}:${item.tx_type}:${item.asset}`}
                title={`Transaction ${shortenAddress(item.tx_hash)}`}
              >
                <td>
                  <Asset item={item} />
                </td>
                <td>{eventName(item.tx_type)}</td>
                <td>{formatSupply(item.quantity, item.divisible)}</td>
                <td>{formatBlockTime(item.timestamp)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={page} count={pages} label="Pages (bottom)" />
    </div>
  );
}
