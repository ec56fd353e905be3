export { LaunchpadsTab as Component } from '@/features/collections/components/launchpads-tab';
export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';
