import { Link } from 'react-router';
import { FallbackImage } from '@/components/ui/fallback-image';
import { useSite } from '@/lib/site-variant';
import { formatBlockTime, formatInteger, shortenAddress, stampLabel } from '@/utils/format';
import { formatBtc } from '@/utils/money';
import type { HomeListing, HomeSale } from '../types';

type Row = {
  key: string;
  cpid: string;
  stamp: number;
  url: string;
  price: string;
  lines: string[];
};

function MarketRows({ rows, label }: { rows: Row[]; label: string }) {
  const site = useSite();
  if (rows.length === 0) return <p className="empty">NO RESULTS</p>;
  return (
    <ul className="market-list" aria-label={label}>
      {rows.map((row) => (
        <li key={row.key} className="market-list__item">
          <Link className="market-list__link" to={site.stampHref(row.cpid)}>
            <span className="market-list__media">
              <FallbackImage sources={[row.url]} alt={`${site.stampWord} ${stampLabel(row.stamp)} ${row.cpid}`} />
            </span>
            <span className="market-list__body">
              <span className="market-list__number">{stampLabel(row.stamp)}</span>
              <span className="market-list__price">{row.price}</span>
              {row.lines.map((line) => (
                <span key={line} className="market-list__line">
                  {line}
                </span>
              ))}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The latest stamp sales: price paid, quantity, buyer and date. */
export function LastSales({ sales }: { sales: HomeSale[] }) {
  return (
    <MarketRows
      label="Last sales"
      rows={sales.map((sale) => ({
        key: `${sale.tx_hash}-${sale.cpid}`,
        cpid: sale.cpid,
        stamp: sale.stamp,
        url: sale.stamp_url,
        price: formatBtc(sale.btc_amount),
        lines: [
          `Qty ${formatInteger(sale.quantity)} to ${shortenAddress(sale.destination)}`,
          formatBlockTime(sale.timestamp),
        ],
      }))}
    />
  );
}

/**
 * The offers made most recently that still sell (dispensers and atomic-swap listings): price per buy and what remains.
 */
export function RecentListings({ listings }: { listings: HomeListing[] }) {
  return (
    <MarketRows
      label="Recent listings"
      rows={listings.map((listing) => ({
        key: listing.tx_hash,
        cpid: listing.cpid,
        stamp: listing.stamp,
        url: listing.stamp_url,
        price: formatBtc(listing.satoshi_price),
        lines: [
          `${formatInteger(listing.give_quantity)} per buy · ${formatInteger(listing.give_remaining)} left`,
          `by ${shortenAddress(listing.source)}`,
        ],
      }))}
    />
  );
}
