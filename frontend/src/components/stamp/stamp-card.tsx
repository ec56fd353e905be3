import { Link } from 'react-router';
import { useSite } from '@/lib/site-variant';
import { abbreviateDecimal, stampLabel } from '@/utils/format';
import { abbreviateBtc } from '@/utils/market';
import { formatBtc } from '@/utils/money';
import { isUnlimitedSupply } from '@/utils/supply';
import { unitsToDecimal } from '@/utils/units';
import type { StampHit } from '@/lib/stamp';
import { StampImage } from './stamp-image';

/** A supply for a card: ∞ when unlimited, else whole units abbreviated with k, M or B (exact string arithmetic). */
export function cardSupply(supply: string, divisible: boolean): string {
  if (isUnlimitedSupply(supply, divisible)) return '∞';
  const whole = unitsToDecimal(supply, divisible);
  return whole === null ? supply : abbreviateDecimal(whole);
}

/** The figures a list gives beyond the issuance; shown on hover, or always with the finder's 'Expand details'. */
function CardDetails({ hit }: { hit: StampHit }) {
  const divisible = hit.divisible ?? false;
  return (
    <div className="stamp-card__details">
      <dl className="stamp-card__facts">
        <div>
          <dt>Supply</dt>
          <dd>{cardSupply(hit.supply, divisible)}</dd>
        </div>
        <div>
          <dt>Floor</dt>
          <dd title={formatBtc(hit.floor_price)}>{abbreviateBtc(hit.floor_price)}</dd>
        </div>
        <div>
          <dt>Last sale</dt>
          <dd title={formatBtc(hit.last_sale_price)}>{abbreviateBtc(hit.last_sale_price)}</dd>
        </div>
        <div>
          <dt>Volume</dt>
          <dd title={formatBtc(hit.total_volume)}>{hit.total_volume ? abbreviateBtc(hit.total_volume) : '-'}</dd>
        </div>
      </dl>
      {(hit.on_sale || hit.locked || hit.keyburn) && (
        <ul className="stamp-card__flags" aria-label="Flags">
          {hit.on_sale && <li className="stamp-card__flag stamp-card__flag--sale">On sale</li>}
          {hit.locked && <li className="stamp-card__flag">Locked</li>}
          {hit.keyburn && <li className="stamp-card__flag">Keyburn</li>}
        </ul>
      )}
    </div>
  );
}

type StampCardProps = {
  hit: StampHit;
  /** Shows the details at all times (the finder's 'Expand details'); otherwise they show on hover and focus. */
  expanded?: boolean;
  /** The image's loading: lazy unless the card is likely above the fold. */
  loading?: 'lazy' | 'eager';
};

/**
 * A stamp in a grid: image, number and cpid (or long name), linking to its detail page (/stamp/{cpid}, or
 * /asset/{cpid} on the XCP site); the market figures show on hover and focus, or always when `expanded`.
 */
export function StampCard({ hit, expanded = false, loading = 'lazy' }: StampCardProps) {
  const site = useSite();
  // Lists that carry the market figures (the finder, profile lists) get the details block.
  const hasDetails = hit.total_volume !== undefined;
  return (
    <li className={expanded ? 'stamp-card stamp-card--expanded' : 'stamp-card'}>
      <Link className="stamp-card__link" to={site.stampHref(hit.cpid)}>
        <div className="stamp-card__media">
          <StampImage
            cpid={hit.cpid}
            stamp={hit.stamp}
            url={hit.stamp_url}
            mimetype={hit.stamp_mimetype}
            loading={loading}
          />
        </div>
        <div className="stamp-card__body">
          <span className="stamp-card__number">{stampLabel(hit.stamp)}</span>
          <span className="stamp-card__cpid" title={hit.asset_longname ?? hit.cpid}>
            {hit.asset_longname ?? hit.cpid}
          </span>
          {hasDetails && <CardDetails hit={hit} />}
        </div>
      </Link>
    </li>
  );
}
