import { KpiDashboard } from '@/features/kpi/components/kpi-dashboard';
import { useDocumentTitle } from '@/lib/use-document-title';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/**
 * The staff's analytics dashboard (/kpi), reached by URL; ?origin=, ?granularity=, ?start= and ?end= in the query.
 * The server decides who sees it: anyone else is sent home.
 */
export function Component() {
  useDocumentTitle('Analytics');
  return <KpiDashboard />;
}
