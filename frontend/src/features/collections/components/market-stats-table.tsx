import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatInteger } from '@/utils/format';
import { abbreviateBtc } from '@/utils/market';
import { collectionTitle } from '../rules';
import type { Collection, PeriodVolume } from '../types';
import { Variation } from './variation';

/** Rows shown before 'show more'. */
export const STATS_ROWS_SHOWN = 5;

function Volume({ period }: { period: PeriodVolume | null }) {
  if (!period) return <>-</>;
  return (
    <>
      {abbreviateBtc(period.volume)} <Variation value={period.variation} />
    </>
  );
}

type MarketStatsTableProps = {
  title: string;
  collections: Collection[];
  /** Rows shown before 'show more' (all when the list is shorter). */
  initialRows?: number;
};

/**
 * The market stats table (spec): holders, 1/1 floor, 24H, 7D, 30D and total volume with their up/down variation,
 * and market cap, per collection; 'show more' / 'show less' past the first rows.
 */
export function MarketStatsTable({ title, collections, initialRows = STATS_ROWS_SHOWN }: MarketStatsTableProps) {
  const [expanded, setExpanded] = useState(false);
  const tableId = useId();
  if (collections.length === 0) return null;
  const rows = expanded ? collections : collections.slice(0, initialRows);
  return (
    <div className="market-stats">
      <div className="table-scroll">
        <table className="activity market-stats__table" id={tableId}>
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Collection</th>
              <th scope="col">Holders</th>
              <th scope="col">1/1 Floor</th>
              <th scope="col">24H Vol.</th>
              <th scope="col">7D Vol.</th>
              <th scope="col">30D Vol.</th>
              <th scope="col">Total Vol.</th>
              <th scope="col">Market Cap</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((collection) => (
              <tr key={collection.collection_id}>
                <th scope="row">
                  <Link className="text-link" to={paths.collection.getHref(collection.collection_id)}>
                    {collectionTitle(collection)}
                  </Link>
                </th>
                <td>{formatInteger(collection.collector_count)}</td>
                <td>{abbreviateBtc(collection.floor_price)}</td>
                <td>
                  <Volume period={collection.day_volume} />
                </td>
                <td>
                  <Volume period={collection.week_volume} />
                </td>
                <td>
                  <Volume period={collection.month_volume} />
                </td>
                <td>{abbreviateBtc(collection.total_volume)}</td>
                <td>{abbreviateBtc(collection.market_cap)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {collections.length > initialRows && (
        <button
          type="button"
          className="sort-button market-stats__toggle"
          aria-expanded={expanded}
          aria-controls={tableId}
          onClick={() => {
            setExpanded(!expanded);
          }}
        >
          {expanded ? 'show less' : 'show more'}
        </button>
      )}
    </div>
  );
}
