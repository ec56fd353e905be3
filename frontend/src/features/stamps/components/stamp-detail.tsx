import type { ReactNode } from 'react';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { useShareImage } from '@/lib/use-share-image';
import { useSite } from '@/lib/site-variant';
import { stampLabel } from '@/utils/format';
import { useGetStampDetailQuery } from '../detail-api';
import type { StampDetailData } from '@/lib/stamp-detail';
import { canDownload } from '../download-rules';
import { buyableListing, shareImagePath } from '@/components/stamp-detail/detail-rules';
import { DetailLayout } from '@/components/stamp-detail/detail-layout';
import { StampActions } from '@/components/stamp-detail/detail-actions';
import {
  CollectionBlock,
  DispensersBlock,
  DividendsBlock,
  FairminterBlock,
  HoldersBlock,
  SalesBlock,
} from '@/components/stamp-detail/detail-blocks';
import { StampMedia } from './stamp-detail-media';
import { StampDownload } from './stamp-download';
import { StampInfo } from './stamp-info';

/** The spec's text for a stamp that does not exist. */
export const STAMP_NOT_FOUND = '404 - Stamp not found.';

type StampDetailViewProps = {
  stamp: StampDetailData;
  /** Draws the collections the stamp belongs to (the app passes the collection cards). */
  renderCollections?: ((ids: string[]) => ReactNode) | undefined;
  /** Draws the blocks of other features after Information (the app passes the SRC-721 block). */
  renderExtraBlocks?: ((stamp: StampDetailData) => ReactNode) | undefined;
};

/**
 * A stamp's page body: the media (image, sandboxed HTML, BMN play control, full view), 'Buy now' when it is on sale,
 * copy link and share, then
 * the Download control (Stamps site, raster images), the detail blocks: Information, the other features' blocks
 * (the SRC-721 block of SRC-721 stamps), From Collection, Sales, Fairminter, Holders, Dispensers and
 * Dividends, each with the spec's empty text.
 */
export function StampDetailView({ stamp, renderCollections, renderExtraBlocks }: StampDetailViewProps) {
  const site = useSite();
  const alt = `${site.stampWord} ${stampLabel(stamp.stamp)} ${stamp.cpid}`;
  // A raster stamp's link preview: the stamp on a 1200×630 card.
  useShareImage(canDownload(stamp.stamp_mimetype) ? shareImagePath(stamp.cpid) : null);
  return (
    <DetailLayout
      media={<StampMedia stamp={stamp} alt={alt} />}
      side={
        <>
          <StampActions title={`${site.stampWord}: ${stamp.cpid}`} cpid={stamp.cpid} buyHash={buyableListing(stamp)} />
          {site.variant !== 'xcp' && canDownload(stamp.stamp_mimetype) && (
            <StampDownload key={stamp.cpid} cpid={stamp.cpid} />
          )}
        </>
      }
      title={
        <>
          {stampLabel(stamp.stamp)}
          {stamp.is_cursed && <span className="badge">Cursed</span>}
        </>
      }
      subtitle={stamp.cpid}
    >
      <StampInfo stamp={stamp} />
      {renderExtraBlocks?.(stamp)}
      <CollectionBlock value={stamp.collection_id} render={renderCollections} />
      <SalesBlock sales={stamp.dispenses ?? []} divisible={stamp.divisible} />
      {stamp.fairminter && (
        <FairminterBlock
          fairminter={stamp.fairminter}
          cpid={stamp.cpid}
          assetLongname={stamp.asset_longname ?? null}
          divisible={stamp.divisible}
        />
      )}
      <HoldersBlock holders={stamp.holders ?? []} divisible={stamp.divisible} />
      <DispensersBlock dispensers={stamp.dispensers ?? []} divisible={stamp.divisible} />
      <DividendsBlock dividends={stamp.dividends ?? []} />
    </DetailLayout>
  );
}

/** A stamp's page body from `GET /api/stamp/{cpid}`: loading, '404 - Stamp not found.', or the stamp's detail. */
export function StampDetail({ cpid, ...slots }: { cpid: string } & Omit<StampDetailViewProps, 'stamp'>) {
  // currentData, not data: never show the previous stamp while the next one loads.
  const { currentData: stamp, error, isFetching } = useGetStampDetailQuery(cpid);

  if (!stamp && isFetching) return <Loading />;
  if (!stamp) {
    const status = errorStatus(error);
    if (status === 404) return <p className="empty">{STAMP_NOT_FOUND}</p>;
    return <ErrorNotice message={(status === 400 && errorMessage(error)) || GENERIC_ERROR} />;
  }
  return <StampDetailView stamp={stamp} {...slots} />;
}
