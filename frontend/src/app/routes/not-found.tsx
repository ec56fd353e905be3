export { NotFoundPage as Component } from '@/components/errors/not-found-page';
export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';
