import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import {
  formatBlockTime,
  formatBytes,
  formatInteger,
  formatSupply,
  shortenAddress,
  yesNo,
} from '@/utils/format';
import { displaySupply } from '@/utils/supply';
import type { StampDetailData } from '@/lib/stamp-detail';
import type { StampDetail } from '@/lib/stamp';

/** The type line: ident and MIME type ("STAMP · image/png"). */
export function stampType(stamp: Pick<StampDetail, 'ident' | 'stamp_mimetype'>): string {
  return [stamp.ident, stamp.stamp_mimetype].filter(Boolean).join(' · ');
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="info-list__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The detail page's Information block. */
export function StampInfo({ stamp }: { stamp: StampDetailData }) {
  return (
    <section className="panel" aria-labelledby="stamp-info-title">
      <h2 id="stamp-info-title" className="panel__title">
        Information
      </h2>
      <dl className="info-list">
        <Row label="CPID">
          <span className="mono break">{stamp.cpid}</span>
        </Row>
        {stamp.asset_longname && (
          <Row label="Name">
            <span className="break">{stamp.asset_longname}</span>
          </Row>
        )}
        <Row label="Creator">
          <Link className="text-link mono" to={paths.profile.getHref(stamp.creator)} title={stamp.creator}>
            {stamp.creator_name ?? shortenAddress(stamp.creator)}
          </Link>
        </Row>
        <Row label="Owner">
          {stamp.owner ? (
            <Link className="text-link mono" to={paths.profile.getHref(stamp.owner)} title={stamp.owner}>
              {shortenAddress(stamp.owner)}
            </Link>
          ) : (
            '-'
          )}
        </Row>
        <Row label="Block">{formatInteger(stamp.block_index)}</Row>
        <Row label="Date">{formatBlockTime(stamp.block_time)}</Row>
        <Row label="Supply">{displaySupply(stamp.supply, stamp.divisible)}</Row>
        <Row label="Divisible">{yesNo(stamp.divisible)}</Row>
        <Row label="Locked">{yesNo(stamp.locked)}</Row>
        <Row label="Keyburn">{yesNo(stamp.keyburn)}</Row>
        <Row label="Destructions">
          {stamp.destructions ? formatSupply(stamp.destructions, stamp.divisible) : '0'}
        </Row>
        <Row label="Type">{stampType(stamp)}</Row>
        <Row label="Tx hash">
          <span className="mono" title={stamp.tx_hash}>
            {shortenAddress(stamp.tx_hash)}
          </span>
        </Row>
        <Row label="File size">{stamp.file_size === null ? '-' : formatBytes(stamp.file_size)}</Row>
      </dl>
    </section>
  );
}
