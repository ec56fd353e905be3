import { formatInteger } from '@/utils/format';
import { abbreviateBtc } from '@/utils/market';
import type { Collection } from '../types';
import { Variation } from './variation';

/**
 * A collection's stats table (spec): Holders, 1/1 Floor, 24H Vol., 7D Vol., 30D Vol., Total Vol., Market Cap, with
 * the up/down variation on 24H, 7D and 30D. Shown only when the day volume exists.
 */
export function CollectionStats({ collection }: { collection: Collection }) {
  if (!collection.day_volume) return null;
  const periods = [
    { label: '24H Vol.', period: collection.day_volume },
    { label: '7D Vol.', period: collection.week_volume },
    { label: '30D Vol.', period: collection.month_volume },
  ];
  return (
    <dl className="collection-stats" aria-label="Collection stats">
      <div className="collection-stats__item">
        <dt>Holders</dt>
        <dd>{formatInteger(collection.collector_count)}</dd>
      </div>
      <div className="collection-stats__item">
        <dt>1/1 Floor</dt>
        <dd>{abbreviateBtc(collection.floor_price)}</dd>
      </div>
      {periods.map(({ label, period }) => (
        <div key={label} className="collection-stats__item">
          <dt>{label}</dt>
          <dd>
            {period ? abbreviateBtc(period.volume) : '-'} {period && <Variation value={period.variation} />}
          </dd>
        </div>
      ))}
      <div className="collection-stats__item">
        <dt>Total Vol.</dt>
        <dd>{abbreviateBtc(collection.total_volume)}</dd>
      </div>
      <div className="collection-stats__item">
        <dt>Market Cap</dt>
        <dd>{abbreviateBtc(collection.market_cap)}</dd>
      </div>
    </dl>
  );
}
