import { useParams } from 'react-router';
import { StampFinder } from '@/features/stamps/components/stamp-finder';
import { useDocumentTitle } from '@/lib/use-document-title';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/** The stamp finder (/search and /search/{q}): filters, sort and ?page=N in the query. */
export function Component() {
  const q = useParams().q ?? '';
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
      <StampFinder q={q} />
    </section>
  );
}
