import { Link, useLocation } from 'react-router';
import { linksToPage, siteLink } from '@/lib/site-link';
import { useSite } from '@/lib/site-variant';
import { useGetAnnouncementQuery } from '../api';

/**
 * The staff announcement (spec: not on the XCP site): its content, an optional 'More info' link and an optional logo.
 * Hidden when its link points at the current page; nothing is rendered when there is no announcement or the call
 * fails. The shell docks it at the bottom of the window, where its arrival pushes no content.
 */
export function AnnouncementBanner() {
  const site = useSite();
  const { pathname } = useLocation();
  const onStamps = site.variant === 'stamps';
  const { data } = useGetAnnouncementQuery(undefined, { skip: !onStamps });
  if (!onStamps || !data) return null;
  if (linksToPage(data.moreLink, pathname)) return null;
  const more = siteLink(data.moreLink);
  return (
    <aside className="announcement" aria-label="Announcement">
      <div className="announcement__inner container">
        {data.logo && (
          <img className="announcement__logo" src={data.logo} alt="" width={28} height={28} decoding="async" />
        )}
        <p className="announcement__content">{data.content}</p>
        {more?.kind === 'internal' && (
          <Link className="announcement__more" to={more.to}>
            More info
          </Link>
        )}
        {more?.kind === 'external' && (
          <a className="announcement__more" href={more.href} target="_blank" rel="noopener noreferrer">
            More info
          </a>
        )}
      </div>
    </aside>
  );
}
