import { AdventCalendarPage } from '@/features/advent/components/advent-calendar';
import { useDocumentTitle } from '@/lib/use-document-title';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/** The advent calendar (/advent-calendar), reached by URL (the spec's navigation does not list it). */
export function Component() {
  useDocumentTitle('Advent calendar');
  return <AdventCalendarPage />;
}
