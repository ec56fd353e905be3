import { useParams, useSearchParams } from 'react-router';
import { StampResults } from '@/features/stamps/components/stamp-results';
import { useDocumentTitle } from '@/lib/use-document-title';
import { PAGE_PARAM, parsePage } from '@/utils/pagination';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/** The stamp finder (/search and /search/{q}), paginated with ?page=N. */
export function Component() {
  const q = useParams().q ?? '';
  const [searchParams] = useSearchParams();
  const page = parsePage(searchParams.get(PAGE_PARAM));
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
      <StampResults q={q} page={page} />
    </section>
  );
}
