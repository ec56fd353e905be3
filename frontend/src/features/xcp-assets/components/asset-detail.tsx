import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { useSite } from '@/lib/site-variant';
import { formatBlockTime, formatInteger, formatSupply, shortenAddress, yesNo } from '@/utils/format';
import { displaySupply } from '@/utils/supply';
import { useGetAssetQuery } from '../asset-api';
import { assetDescription, assetName, enhancedInfoHref } from '../asset-rules';
import type { AssetDetailData } from '../asset-types';
import type { StampDetailData } from '@/lib/stamp-detail';
import { AssetNameTile } from '@/components/stamp/asset-name-tile';
import { FallbackImage } from '@/components/ui/fallback-image';
import { DetailLayout } from '@/components/stamp-detail/detail-layout';
import { StampActions } from '@/components/stamp-detail/detail-actions';
import {
  CollectionBlock,
  DispensersBlock,
  DividendsBlock,
  FairminterBlock,
  HoldersBlock,
  InfoRow,
  SalesBlock,
} from '@/components/stamp-detail/detail-blocks';

/** The API's text for an asset that does not exist. */
export const ASSET_NOT_FOUND = 'Asset not found';

/** A stamp's asset as the stamp page shows it: the stamp, with the asset's current figures and every block. */
export function stampOfAsset(asset: AssetDetailData): StampDetailData | null {
  if (!asset.stamp) return null;
  return {
    ...asset.stamp,
    supply: asset.supply,
    divisible: asset.divisible,
    locked: asset.locked,
    destructions: asset.destructions,
    owner: asset.owner,
    holders: asset.holders ?? [],
    dispensers: asset.dispensers ?? [],
    dispenses: asset.dispenses ?? [],
    dividends: asset.dividends ?? [],
    fairminter: asset.fairminter ?? null,
    collection_id: asset.collection_id ?? null,
    // The creator's profile name, when the stamp's creator is the asset's first issuer.
    creator_name: asset.creator === asset.stamp.creator ? (asset.creator_name ?? null) : null,
  };
}

/** The Information block of an asset that is no stamp. */
function AssetInfo({ asset }: { asset: AssetDetailData }) {
  const description = assetDescription({ ...asset, stamp: null });
  const infoHref = enhancedInfoHref(asset.xcp_json_url);
  return (
    <section className="panel" aria-labelledby="asset-info-title">
      <h2 id="asset-info-title" className="panel__title">
        Information
      </h2>
      <dl className="info-list">
        <InfoRow label="CPID">
          <span className="mono break">{asset.cpid}</span>
        </InfoRow>
        {asset.asset_longname && (
          <InfoRow label="Name">
            <span className="break">{asset.asset_longname}</span>
          </InfoRow>
        )}
        {description && (
          <InfoRow label="Description">
            <span className="break">{description}</span>
          </InfoRow>
        )}
        {infoHref && (
          <InfoRow label="Asset info">
            <a className="text-link break" href={infoHref} target="_blank" rel="noopener noreferrer">
              Enhanced asset information
            </a>
          </InfoRow>
        )}
        {asset.creator && (
          <InfoRow label="Creator">
            <Link className="text-link mono" to={paths.profile.getHref(asset.creator)} title={asset.creator}>
              {asset.creator_name ?? shortenAddress(asset.creator)}
            </Link>
          </InfoRow>
        )}
        <InfoRow label="Owner">
          {asset.owner ? (
            <Link className="text-link mono" to={paths.profile.getHref(asset.owner)} title={asset.owner}>
              {shortenAddress(asset.owner)}
            </Link>
          ) : (
            '-'
          )}
        </InfoRow>
        <InfoRow label="First issued">
          Block {formatInteger(asset.block_index)}
          {asset.block_time !== undefined && ` (${formatBlockTime(asset.block_time)})`}
        </InfoRow>
        <InfoRow label="Supply">{displaySupply(asset.supply, asset.divisible)}</InfoRow>
        <InfoRow label="Divisible">{yesNo(asset.divisible)}</InfoRow>
        <InfoRow label="Locked">{yesNo(asset.locked)}</InfoRow>
        <InfoRow label="Destructions">
          {asset.destructions ? formatSupply(asset.destructions, asset.divisible) : '0'}
        </InfoRow>
      </dl>
    </section>
  );
}

type AssetDetailViewProps = {
  asset: AssetDetailData;
  renderCollections?: ((ids: string[]) => ReactNode) | undefined;
};

/**
 * The page of an asset that is no stamp: where a stamp has its image, the picture of its enhanced asset information
 * when it has one, else (or when that fails to load) its name (no stand-in picture); copy link and share, then the
 * Information block and the stamp page's blocks (From Collection, Sales, Fairminter, Holders, Dispensers, Dividends).
 */
export function AssetDetailView({ asset, renderCollections }: AssetDetailViewProps) {
  const site = useSite();
  const name = assetName(asset);
  return (
    <DetailLayout
      media={
        <FallbackImage
          sources={[asset.xcp_image_url]}
          alt={`${site.stampWord} ${name}`}
          loading="eager"
          fallback={<AssetNameTile name={name} />}
        />
      }
      side={<StampActions title={`${site.stampWord}: ${asset.cpid}`} cpid={asset.cpid} />}
      title={name}
      titleClassName="asset-detail__name break"
      subtitle={asset.asset_longname ? asset.cpid : 'Counterparty asset'}
    >
      <AssetInfo asset={asset} />
      <CollectionBlock value={asset.collection_id} render={renderCollections} />
      <SalesBlock sales={asset.dispenses ?? []} divisible={asset.divisible} />
      {asset.fairminter && (
        <FairminterBlock
          fairminter={asset.fairminter}
          cpid={asset.cpid}
          assetLongname={asset.asset_longname ?? null}
          divisible={asset.divisible}
        />
      )}
      <HoldersBlock holders={asset.holders ?? []} divisible={asset.divisible} />
      <DispensersBlock dispensers={asset.dispensers ?? []} divisible={asset.divisible} />
      <DividendsBlock dividends={asset.dividends ?? []} />
    </DetailLayout>
  );
}

type AssetDetailProps = {
  cpid: string;
  renderCollections?: (ids: string[]) => ReactNode;
  /** Draws a stamp's asset as the stamp page does (the app passes the stamp page's view); else the asset's own. */
  renderStamp?: (stamp: StampDetailData) => ReactNode;
};

/**
 * An asset's page body from `GET /api/asset/{cpid}` (the XCP site's /asset/{cpid}): loading, 'Asset not found', the
 * stamp page's view when the asset is a stamp, else the asset's own.
 */
export function AssetDetail({ cpid, renderCollections, renderStamp }: AssetDetailProps) {
  const { currentData: asset, error, isFetching } = useGetAssetQuery(cpid);
  if (!asset && isFetching) return <Loading />;
  if (!asset) {
    const status = errorStatus(error);
    if (status === 404) return <p className="empty">{errorMessage(error) ?? ASSET_NOT_FOUND}</p>;
    return <ErrorNotice message={(status === 400 && errorMessage(error)) || GENERIC_ERROR} />;
  }
  const stamp = stampOfAsset(asset);
  return stamp && renderStamp ? (
    renderStamp(stamp)
  ) : (
    <AssetDetailView asset={asset} renderCollections={renderCollections} />
  );
}
