import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { HomeMarketStats, HomeSrc721Collections } from '@/features/collections/components/home-collections';
import { useGetHomeQuery } from '@/features/home/api';
import { LastSales, RecentListings } from '@/features/home/components/market-lists';
import { StampGrid } from '@/features/stamps/components/stamp-grid';
import { GENERIC_ERROR } from '@/lib/api-error';
import { useSite } from '@/lib/site-variant';
import { useDocumentTitle } from '@/lib/use-document-title';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

function HomeSection({ id, title, link, children }: { id: string; title: string; link?: ReactNode; children: ReactNode }) {
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

/**
 * Home (/), in the spec's order, with the sections the API serves: market stats (once the collections API
 * answers), last sales, recent listings, SRC-721 collections (idem), latest SRC-721 and the latest art stamps
 * (assets on the XCP site). Banners, featured collections and launchpads are not served yet, so not shown.
 */
export function Component() {
  const site = useSite();
  useDocumentTitle(site.brand);
  const { data, isLoading, isError } = useGetHomeQuery(undefined);

  const body = (render: (home: NonNullable<typeof data>) => ReactNode) => {
    if (isLoading) return <Loading />;
    if (isError || !data) return <ErrorNotice message={GENERIC_ERROR} />;
    return render(data);
  };

  return (
    <>
      <section className="hero">
        <h1 className="hero__title">{site.brand}</h1>
        <p className="hero__text">{site.tagline}</p>
      </section>
      <HomeMarketStats />
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
      <HomeSrc721Collections stampsWord={site.stampsWord} />
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
