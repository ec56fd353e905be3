import { useSite } from '@/lib/site-variant';
import { formatBlockTime, formatInteger, stampLabel } from '@/utils/format';
import { assetDescription, assetName, isStampAsset } from '../asset-rules';
import type { AssetHit } from '../asset-types';
import {
  CardDetails,
  CardFrame,
  cardMarketFacts,
  cardSupply,
  ON_SALE_FLAG,
  type CardFlag,
} from '@/components/stamp/stamp-card';
import { StampImage } from '@/components/stamp/stamp-image';
import { AssetNameTile } from '@/components/stamp/asset-name-tile';
import { FallbackImage } from '@/components/ui/fallback-image';

/**
 * The figures of an asset card, the stamp card's market figures (floor, last sale, volume) and on-sale flag among
 * them; shown on hover and focus, or always with the finder's 'Expand details'.
 */
function AssetDetails({ asset }: { asset: AssetHit }) {
  const flags: CardFlag[] = [];
  if (asset.on_sale) flags.push(ON_SALE_FLAG);
  if (asset.locked) flags.push({ label: 'Locked' });
  if (asset.divisible) flags.push({ label: 'Divisible' });
  return (
    <CardDetails
      facts={[
        { term: 'Supply', value: cardSupply(asset.supply, asset.divisible) },
        ...cardMarketFacts(asset),
        { term: 'Holders', value: formatInteger(asset.holders) },
        { term: 'Block', value: formatInteger(asset.block_index) },
        {
          term: 'Issued',
          value: formatBlockTime(asset.block_time).slice(0, 10),
          title: formatBlockTime(asset.block_time),
        },
      ]}
      flags={flags}
    />
  );
}

type AssetCardProps = {
  asset: AssetHit;
  expanded?: boolean;
  loading?: 'lazy' | 'eager';
};

/**
 * A Counterparty asset in the XCP finder: the stamp's image when it is a stamp, else the picture of its enhanced
 * asset information when it has one, else (or when that fails to load) a tile with its name; its number (stamps) or
 * 'Asset', its name and description, linking to /asset/{cpid}. The figures show on hover and focus, or always when
 * `expanded`.
 */
export function AssetCard({ asset, expanded = false, loading = 'lazy' }: AssetCardProps) {
  const site = useSite();
  const name = assetName(asset);
  const description = assetDescription(asset);
  return (
    <CardFrame
      href={site.stampHref(asset.cpid)}
      expanded={expanded}
      media={
        isStampAsset(asset) ? (
          <StampImage
            cpid={asset.cpid}
            stamp={asset.stamp}
            url={asset.stamp_url}
            mimetype={asset.stamp_mimetype ?? null}
            loading={loading}
          />
        ) : (
          <FallbackImage
            sources={[asset.xcp_image_url]}
            alt={`${site.stampWord} ${name}`}
            loading={loading}
            fallback={<AssetNameTile name={name} />}
          />
        )
      }
      number={isStampAsset(asset) ? stampLabel(asset.stamp) : 'Asset'}
      name={name}
    >
      {description && (
        <span className="asset-card__description" title={description}>
          {description}
        </span>
      )}
      <AssetDetails asset={asset} />
    </CardFrame>
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
