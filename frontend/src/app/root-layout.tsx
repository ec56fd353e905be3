import type { MouseEvent } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { NavigationProgress } from '@/components/layout/navigation-progress';
import { ScrollToTop } from '@/components/layout/scroll-to-top';
import { Loading } from '@/components/ui/status';
import { WalletFrame } from '@/components/wallet/wallet-frame';
import { AuthControls } from '@/features/auth/components/auth-controls';
import { AnnouncementBanner } from '@/features/announcement/components/announcement-banner';
import { BuyControls } from '@/features/buy/components/buy-controls';
import { DirectoriesMenu } from '@/features/collections/components/directories-menu';
import { MintControls } from '@/features/mint/components/mint-controls';
import { SearchBox } from '@/features/search/components/search-box';
import { useSite, useSiteParam } from '@/lib/site-variant';

const MAIN_ID = 'main';

/** Moves focus to the page content without touching the URL (the router owns it). */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
}

/**
 * The shell around every page: header (on the XCP site, its Directories entry with the staff directories' menu),
 * the page, footer, the mint dialogs and the Ninja wallet's frame, and a dock at the bottom of the window holding the
 * scroll-to-top button and the announcement (Stamps site). The dock is the shell's last box, sticky at the window's
 * bottom: whenever the announcement arrives, it takes room below the footer and moves nothing already shown.
 */
export function RootLayout() {
  useSiteParam();
  const site = useSite();
  return (
    <div className={`shell shell--${site.variant}`}>
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={skipToMain}>
        Skip to content
      </a>
      <NavigationProgress />
      <Header
        search={<SearchBox />}
        account={
          <>
            <BuyControls />
            <AuthControls />
          </>
        }
        menus={
          site.variant === 'xcp'
            ? {
                Directories: (entry) => (
                  <DirectoriesMenu label={entry.label} href={entry.href} stampsWord={site.stampsWord} />
                ),
              }
            : undefined
        }
      />
      <main id={MAIN_ID} className="main container" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <MintControls />
      <WalletFrame />
      <div className="dock">
        <ScrollToTop />
        <AnnouncementBanner />
      </div>
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
