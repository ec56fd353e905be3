import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { LatestStamps } from '@/features/stamps/components/latest-stamps';
import { useSite } from '@/lib/site-variant';
import { useDocumentTitle } from '@/lib/use-document-title';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/** Home (/): the latest stamps (assets on the XCP site), with the way into the finder. */
export function Component() {
  const site = useSite();
  useDocumentTitle(site.brand);
  return (
    <>
      <section className="hero">
        <h1 className="hero__title">{site.brand}</h1>
        <p className="hero__text">{site.tagline}</p>
      </section>
      <section aria-labelledby="latest-title">
        <div className="section-head">
          <h2 id="latest-title" className="section-head__title">
            Latest {site.stampsWord.toLowerCase()}
          </h2>
          <Link className="section-head__link" to={paths.search.getHref()}>
            See all in the Finder ›
          </Link>
        </div>
        <LatestStamps />
      </section>
    </>
  );
}
