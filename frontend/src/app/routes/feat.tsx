import { FeatList } from '@/features/feat/components/feat-list';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/** The themed featured stamp list (/feat), with ?page=N in the query. */
export function Component() {
  return <FeatList />;
}
