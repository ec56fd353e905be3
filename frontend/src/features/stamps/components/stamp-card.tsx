import { Link } from 'react-router';
import { useSite } from '@/lib/site-variant';
import { stampLabel } from '@/utils/format';
import type { StampHit } from '../types';
import { StampImage } from './stamp-image';

/** A stamp in a grid: image, number and cpid, linking to its detail page (/stamp/{cpid}, or /asset/{cpid} on the XCP site). */
export function StampCard({ hit }: { hit: StampHit }) {
  const site = useSite();
  return (
    <li className="stamp-card">
      <Link className="stamp-card__link" to={site.stampHref(hit.cpid)}>
        <div className="stamp-card__media">
          <StampImage cpid={hit.cpid} stamp={hit.stamp} url={hit.stamp_url} mimetype={hit.stamp_mimetype} />
        </div>
        <div className="stamp-card__body">
          <span className="stamp-card__number">{stampLabel(hit.stamp)}</span>
          <span className="stamp-card__cpid" title={hit.cpid}>
            {hit.cpid}
          </span>
        </div>
      </Link>
    </li>
  );
}
