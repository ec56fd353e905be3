import { CommunityRedirectPage } from '@/components/community/community-redirect-page';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/** /discord: sends the browser to the community's Discord. */
export function Component() {
  return <CommunityRedirectPage community="discord" />;
}
