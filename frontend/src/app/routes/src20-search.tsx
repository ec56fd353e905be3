import { useParams } from 'react-router';
import { Loading } from '@/components/ui/status';
import { Src20Finder } from '@/features/src20/components/src20-finder';
import { TrendingCharts, useTrendingSettled } from '@/features/src20/components/trending-charts';
import { useDocumentTitle } from '@/lib/use-document-title';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/** The SRC-20 finder (/src20/search and /src20/search/{q}); filters, sort and ?page=N in the query. */
export function Component() {
  const q = useParams().q ?? '';
  useDocumentTitle(q ? `SRC-20: ${q}` : 'SRC-20');
  const trendingSettled = useTrendingSettled();

  return (
    <section aria-labelledby="src20-title">
      <div className="section-head">
        <h1 id="src20-title" className="section-head__title">
          SRC-20
        </h1>
        {q && (
          <p className="section-head__query">
            Results for <q className="break">{q}</q>
          </p>
        )}
      </div>
      {/* The finder shows once the charts above it have answered: charts arriving later would push it down. */}
      {trendingSettled ? (
        <>
          <TrendingCharts />
          <Src20Finder q={q} />
        </>
      ) : (
        <Loading />
      )}
    </section>
  );
}
