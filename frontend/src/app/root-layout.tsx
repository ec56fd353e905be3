import type { MouseEvent } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { NavigationProgress } from '@/components/layout/navigation-progress';
import { ScrollToTop } from '@/components/layout/scroll-to-top';
import { Loading } from '@/components/ui/status';
import { AnnouncementBanner, useAnnouncementSettled } from '@/features/announcement/components/announcement-banner';
import { SearchBox } from '@/features/search/components/search-box';
import { useSite, useSiteParam } from '@/lib/site-variant';

const MAIN_ID = 'main';

/** Moves focus to the page content without touching the URL (the router owns it). */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
}

/** The shell around every page: the announcement (Stamps site), header, the page, footer, and the scroll-to-top button. */
export function RootLayout() {
  useSiteParam();
  const site = useSite();
  // The boot screen stays until the announcement is known, so that it does not push the page down (layout shift).
  if (!useAnnouncementSettled()) return <RootFallback />;
  return (
    <div className={`shell shell--${site.variant}`}>
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={skipToMain}>
        Skip to content
      </a>
      <NavigationProgress />
      <AnnouncementBanner />
      <Header search={<SearchBox />} />
      <main id={MAIN_ID} className="main container" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ScrollToTop />
      <ScrollRestoration />
    </div>
  );
}

/** Shown while the first page's code loads. */
export function RootFallback() {
  return (
    <div className="shell shell--booting">
      <Loading />
    </div>
  );
}
