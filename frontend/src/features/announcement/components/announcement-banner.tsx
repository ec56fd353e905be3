import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { linksToPage, siteLink } from '@/lib/site-link';
import { useSite } from '@/lib/site-variant';
import { useGetAnnouncementQuery } from '../api';

/** How long the shell waits for the announcement before showing the page without it, in ms. */
export const ANNOUNCEMENT_WAIT_MS = 1500;

/**
 * Whether the shell may show the page: the announcement call has answered (or was skipped, or is too slow). The
 * banner sits above everything, so showing the page first and the banner later would push the whole page down.
 */
export function useAnnouncementSettled(): boolean {
  const site = useSite();
  const { isLoading } = useGetAnnouncementQuery(undefined, { skip: site.variant !== 'stamps' });
  const [waitedEnough, setWaitedEnough] = useState(false);
  useEffect(() => {
    if (!isLoading) return;
    const timer = setTimeout(() => {
      setWaitedEnough(true);
    }, ANNOUNCEMENT_WAIT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [isLoading]);
  // Once settled, stays settled: a failed call is fetched again when the banner mounts, and that refetch must not
  // put the boot screen back (which would unmount the banner, settle, mount it, refetch... in a loop).
  const settledNow = !isLoading || waitedEnough;
  const [settledOnce, setSettledOnce] = useState(false);
  if (settledNow && !settledOnce) setSettledOnce(true);
  return settledOnce || settledNow;
}

/**
 * The staff announcement above the header (spec: not on the XCP site): its content, an optional 'More info' link and
 * an optional logo. Hidden when its link points at the current page; nothing is rendered when there is no
 * announcement or the call fails.
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
        {data.logo && <img className="announcement__logo" src={data.logo} alt="" width={28} height={28} decoding="async" />}
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
