import { useParams } from 'react-router';
import { AssetFinder } from '@/features/xcp-assets/components/asset-finder';
import { StampFinder } from '@/features/stamps/components/stamp-finder';
import { useSite } from '@/lib/site-variant';
import { useDocumentTitle } from '@/lib/use-document-title';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/**
 * The finder (/search and /search/{q}): filters, sort and ?page=N in the query. The Stamps site finds stamps; the XCP
 * site every Counterparty asset, a stamp or not.
 */
export function Component() {
  const q = useParams().q ?? '';
  const site = useSite();
  useDocumentTitle(q ? `Finder: ${q}` : 'Finder');

  return (
    <section aria-labelledby="finder-title">
      <div className="section-head">
        <h1 id="finder-title" className="section-head__title">
          Finder
        </h1>
        {q && (
          <p className="section-head__query">
            Results for <q className="break">{q}</q>
          </p>
        )}
      </div>
      {site.variant === 'xcp' ? <AssetFinder q={q} /> : <StampFinder q={q} />}
    </section>
  );
}
