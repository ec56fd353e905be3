import { Link } from 'react-router';
import { useSite } from '@/lib/site-variant';
import { formatBlockTime, formatInteger, stampLabel } from '@/utils/format';
import { assetDescription, assetName, isStampAsset } from '../asset-rules';
import type { AssetHit } from '../asset-types';
import { cardSupply } from '@/components/stamp/stamp-card';
import { StampImage } from '@/components/stamp/stamp-image';

/** An asset that is no stamp has no image: its card shows its name instead (never a stand-in picture). */
export function AssetNameTile({ name }: { name: string }) {
  return (
    <div className="asset-tile" aria-hidden="true">
      <span className="asset-tile__kind">XCP</span>
      <span className="asset-tile__name">{name}</span>
    </div>
  );
}

/** The figures of an asset card; shown on hover and focus, or always with the finder's 'Expand details'. */
function AssetDetails({ asset }: { asset: AssetHit }) {
  return (
    <div className="stamp-card__details">
      <dl className="stamp-card__facts">
        <div>
          <dt>Supply</dt>
          <dd>{cardSupply(asset.supply, asset.divisible)}</dd>
        </div>
        <div>
          <dt>Holders</dt>
          <dd>{formatInteger(asset.holders)}</dd>
        </div>
        <div>
          <dt>Block</dt>
          <dd>{formatInteger(asset.block_index)}</dd>
        </div>
        <div>
          <dt>Issued</dt>
          <dd title={formatBlockTime(asset.block_time)}>{formatBlockTime(asset.block_time).slice(0, 10)}</dd>
        </div>
      </dl>
      {(asset.locked || asset.divisible) && (
        <ul className="stamp-card__flags" aria-label="Flags">
          {asset.locked && <li className="stamp-card__flag">Locked</li>}
          {asset.divisible && <li className="stamp-card__flag">Divisible</li>}
        </ul>
      )}
    </div>
  );
}

type AssetCardProps = {
  asset: AssetHit;
  expanded?: boolean;
  loading?: 'lazy' | 'eager';
};

/**
 * A Counterparty asset in the XCP finder: the stamp's image when it is a stamp, else a tile with its name; its
 * number (stamps) or 'Asset', its name and description, linking to /asset/{cpid}. The figures show on hover and
 * focus, or always when `expanded`.
 */
export function AssetCard({ asset, expanded = false, loading = 'lazy' }: AssetCardProps) {
  const site = useSite();
  const name = assetName(asset);
  const description = assetDescription(asset);
  return (
    <li className={expanded ? 'stamp-card stamp-card--expanded' : 'stamp-card'}>
      <Link className="stamp-card__link" to={site.stampHref(asset.cpid)}>
        <div className="stamp-card__media">
          {isStampAsset(asset) ? (
            <StampImage
              cpid={asset.cpid}
              stamp={asset.stamp}
              url={asset.stamp_url}
              mimetype={asset.stamp_mimetype ?? null}
              loading={loading}
            />
          ) : (
            <AssetNameTile name={name} />
          )}
        </div>
        <div className="stamp-card__body">
          <span className="stamp-card__number">{isStampAsset(asset) ? stampLabel(asset.stamp) : 'Asset'}</span>
          <span className="stamp-card__cpid" title={name}>
            {name}
          </span>
          {description && (
            <span className="asset-card__description" title={description}>
              {description}
            </span>
          )}
          <AssetDetails asset={asset} />
        </div>
      </Link>
    </li>
  );
}

type AssetGridProps = {
  assets: AssetHit[];
  busy?: boolean;
  expanded?: boolean;
  label: string;
  /** How many leading cards load their image at once. */
  eager?: number;
};

/** Asset cards in the stamp grid; 'NO RESULTS' when there are none. */
export function AssetGrid({ assets, busy = false, expanded = false, label, eager = 0 }: AssetGridProps) {
  if (assets.length === 0) return <p className="empty">NO RESULTS</p>;
  return (
    <ul className="stamp-grid" aria-busy={busy} aria-label={label}>
      {assets.map((asset, index) => (
        <AssetCard key={asset.cpid} asset={asset} expanded={expanded} loading={index < eager ? 'eager' : 'lazy'} />
      ))}
    </ul>
  );
}
