import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { LiveVolume, MarketStatsRow } from '@/lib/realtime';
import { formatInteger } from '@/utils/format';
import { abbreviateBtc } from '@/utils/market';
import { Variation } from './variation';

/** Rows shown before 'show more'. */
export const STATS_ROWS_SHOWN = 5;

function Volume({ period }: { period: LiveVolume }) {
  return (
    <>
      {abbreviateBtc(period.volume)} <Variation value={period.variation} />
    </>
  );
}

type MarketStatsTableProps = {
  title: string;
  /** The live market list (`stats` or `xcp-stats`), most sold first. */
  rows: MarketStatsRow[];
  /** Rows shown before 'show more' (all when the list is shorter). */
  initialRows?: number;
};

/**
 * The market stats table (spec): holders, 1/1 floor, 24H, 7D, 30D and total volume with their up/down variation,
 * and market cap, per collection; 'show more' / 'show less' past the first rows.
 */
export function MarketStatsTable({ title, rows, initialRows = STATS_ROWS_SHOWN }: MarketStatsTableProps) {
  const [expanded, setExpanded] = useState(false);
  const tableId = useId();
  if (rows.length === 0) return null;
  const shown = expanded ? rows : rows.slice(0, initialRows);
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
            {shown.map((row) => (
              <tr key={row.id}>
                <th scope="row">
                  <Link className="text-link" to={paths.collection.getHref(row.id)}>
                    {row.name || row.id}
                  </Link>
                </th>
                <td>{formatInteger(row.holders)}</td>
                <td>{abbreviateBtc(row.uniqueFloorPrice)}</td>
                <td>
                  <Volume period={row.oneDayVolume} />
                </td>
                <td>
                  <Volume period={row.oneWeekVolume} />
                </td>
                <td>
                  <Volume period={row.oneMonthVolume} />
                </td>
                <td>{abbreviateBtc(row.totalVolume)}</td>
                <td>{abbreviateBtc(row.marketCap)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > initialRows && (
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
