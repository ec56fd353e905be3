export { BurnedTab as Component } from '@/features/collections/components/ranked-lists';
export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';
