import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatBlockTime, formatBytes, formatInteger, formatSupply, shortenAddress, yesNo } from '@/utils/format';
import { InfoRow } from '@/components/stamp-detail/detail-blocks';
import { displaySupply } from '@/utils/supply';
import type { StampDetailData } from '@/lib/stamp-detail';
import type { StampDetail } from '@/lib/stamp';

/** The type line: ident and MIME type ("STAMP · image/png"). */
export function stampType(stamp: Pick<StampDetail, 'ident' | 'stamp_mimetype'>): string {
  return [stamp.ident, stamp.stamp_mimetype].filter(Boolean).join(' · ');
}

/** The detail page's Information block. */
export function StampInfo({ stamp }: { stamp: StampDetailData }) {
  return (
    <section className="panel" aria-labelledby="stamp-info-title">
      <h2 id="stamp-info-title" className="panel__title">
        Information
      </h2>
      <dl className="info-list">
        <InfoRow label="CPID">
          <span className="mono break">{stamp.cpid}</span>
        </InfoRow>
        {stamp.asset_longname && (
          <InfoRow label="Name">
            <span className="break">{stamp.asset_longname}</span>
          </InfoRow>
        )}
        <InfoRow label="Creator">
          <Link className="text-link mono" to={paths.profile.getHref(stamp.creator)} title={stamp.creator}>
            {stamp.creator_name ?? shortenAddress(stamp.creator)}
          </Link>
        </InfoRow>
        <InfoRow label="Owner">
          {stamp.owner ? (
            <Link className="text-link mono" to={paths.profile.getHref(stamp.owner)} title={stamp.owner}>
              {shortenAddress(stamp.owner)}
            </Link>
          ) : (
            '-'
          )}
        </InfoRow>
        <InfoRow label="Block">{formatInteger(stamp.block_index)}</InfoRow>
        <InfoRow label="Date">{formatBlockTime(stamp.block_time)}</InfoRow>
        <InfoRow label="Supply">{displaySupply(stamp.supply, stamp.divisible)}</InfoRow>
        <InfoRow label="Divisible">{yesNo(stamp.divisible)}</InfoRow>
        <InfoRow label="Locked">{yesNo(stamp.locked)}</InfoRow>
        <InfoRow label="Keyburn">{yesNo(stamp.keyburn)}</InfoRow>
        <InfoRow label="Destructions">
          {stamp.destructions ? formatSupply(stamp.destructions, stamp.divisible) : '0'}
        </InfoRow>
        <InfoRow label="Type">{stampType(stamp)}</InfoRow>
        <InfoRow label="Tx hash">
          <span className="mono" title={stamp.tx_hash}>
            {shortenAddress(stamp.tx_hash)}
          </span>
        </InfoRow>
        <InfoRow label="File size">{stamp.file_size === null ? '-' : formatBytes(stamp.file_size)}</InfoRow>
      </dl>
    </section>
  );
}
