import { useDeferredValue, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { CollectionGrid } from '@/features/collections/components/collection-card';
import {
  HomeMarketStats,
  HomeSrc721Collections,
  useMarketStatsSettled,
} from '@/features/collections/components/home-collections';
import type { Collection } from '@/features/collections/types';
import { useGetHomeQuery } from '@/features/home/api';
import type { HomeData } from '@/features/home/types';
import { BannerCarousel } from '@/features/home/components/banner-carousel';
import { LastSales, RecentListings } from '@/features/home/components/market-lists';
import { PromoBlocks } from '@/features/home/components/promo-blocks';
import { homePromos, LAUNCHPADS_ANCHOR } from '@/features/home/promos';
import { StampGrid } from '@/components/stamp/stamp-grid';
import { GENERIC_ERROR } from '@/lib/api-error';
import { useSite } from '@/lib/site-variant';
import { useDocumentTitle } from '@/lib/use-document-title';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

function HomeSection({
  id,
  title,
  link,
  children,
}: {
  id: string;
  title: string;
  link?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="home-section" aria-labelledby={id}>
      <div className="section-head">
        <h2 id={id} className="section-head__title">
          {title}
        </h2>
        {link}
      </div>
      {children}
    </section>
  );
}

type Body = (render: (home: HomeData) => ReactNode) => ReactNode;

/** The home page's sections below the first screen, in the spec's order. */
function LowerSections({
  body,
  launchpads,
  src721Collections,
}: {
  body: Body;
  launchpads: Collection[];
  src721Collections: Collection[];
}) {
  const site = useSite();
  return (
    <>
      {site.variant === 'stamps' && <PromoBlocks promos={homePromos(launchpads.length > 0)} />}
      <HomeMarketStats variant={site.variant} />
      {launchpads.length > 0 && (
        <HomeSection id={LAUNCHPADS_ANCHOR} title="Launchpads">
          <CollectionGrid collections={launchpads} stampsWord={site.stampsWord} label="Launchpads" />
        </HomeSection>
      )}
      <HomeSection id="last-sales-title" title="Last sales">
        {body((home) => (
          <LastSales sales={home.lastSales} />
        ))}
      </HomeSection>
      <HomeSection id="recent-listings-title" title="Recent listings">
        {body((home) => (
          <RecentListings listings={home.newDispenser} />
        ))}
      </HomeSection>
      <HomeSrc721Collections collections={src721Collections} stampsWord={site.stampsWord} />
      <HomeSection id="latest-src721-title" title="Latest SRC-721">
        {body((home) => (
          <StampGrid hits={home.src721} />
        ))}
      </HomeSection>
      <HomeSection
        id="latest-title"
        title={site.variant === 'xcp' ? 'Latest assets' : 'Latest art stamps'}
        link={
          <Link className="section-head__link" to={paths.search.getHref()}>
            See all in the Finder ›
          </Link>
        }
      >
        {body((home) => (
          <StampGrid hits={home.classic} />
        ))}
      </HomeSection>
    </>
  );
}

/**
 * Home (/), in the spec's order: the top banners carousel and the featured collections (staff-curated, each hidden
 * when empty), then the promotional blocks (Stamps site), market stats (the live market list), the launchpads of the
 * home call (hidden when none), last sales, recent listings, the SRC-721 collections of the home call (hidden when
 * none), latest SRC-721 and the latest art stamps (assets on the XCP site). The first screen shows as soon as the home
 * call answers; the sections below it appear together once the live market list has arrived (or been waited for),
 * meanwhile keeping a screen's height, so that nothing shown moves. With banners, the brand heading stays for
 * assistive technology only: the carousel opens the page.
 */
export function Component() {
  const site = useSite();
  useDocumentTitle(site.brand);
  const { data, isLoading, isError } = useGetHomeQuery(undefined);
  const marketStatsSettled = useMarketStatsSettled(site.variant);
  // The sections below the first screen are rendered in a second, interruptible pass, so the first screen shows
  // without waiting for them.
  const showRest = useDeferredValue(!isLoading && marketStatsSettled, false);

  const body: Body = (render) => {
    if (isError || !data) return <ErrorNotice message={GENERIC_ERROR} />;
    return render(data);
  };

  const banners = data?.mainBanner ?? [];
  const featured = data?.featured ?? [];

  if (isLoading) {
    return (
      <>
        <section className="hero">
          <h1 className="hero__title">{site.brand}</h1>
          <p className="hero__text">{site.tagline}</p>
        </section>
        <Loading />
      </>
    );
  }

  return (
    <>
      {banners.length > 0 ? (
        <>
          <h1 className="visually-hidden">{site.brand}</h1>
          <BannerCarousel banners={banners} stampsWord={site.stampsWord} />
        </>
      ) : (
        <section className="hero">
          <h1 className="hero__title">{site.brand}</h1>
          <p className="hero__text">{site.tagline}</p>
        </section>
      )}
      {featured.length > 0 && (
        <HomeSection id="featured-collections-title" title="Featured collections">
          <CollectionGrid collections={featured} stampsWord={site.stampsWord} label="Featured collections" />
        </HomeSection>
      )}
      {showRest ? (
        <LowerSections
          body={body}
          launchpads={data?.launchpads ?? []}
          src721Collections={data?.src721Collections ?? []}
        />
      ) : (
        <div className="home-pending">
          <Loading />
        </div>
      )}
    </>
  );
}
