import { Leaderboard } from '@/features/leaderboard/components/leaderboard';
import { useDocumentTitle } from '@/lib/use-document-title';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/** The collectors ranking (/leaderboard): ?sort=, ?project= and ?page=N in the query. */
export function Component() {
  useDocumentTitle('Leaderboard');
  return (
    <section aria-labelledby="leaderboard-title">
      <div className="section-head">
        <h1 id="leaderboard-title" className="section-head__title">
          Leaderboard
        </h1>
      </div>
      <Leaderboard />
    </section>
  );
}
