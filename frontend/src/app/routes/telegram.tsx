import { CommunityRedirectPage } from '@/components/community/community-redirect-page';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/** /telegram: sends the browser to the community's Telegram. */
export function Component() {
  return <CommunityRedirectPage community="telegram" />;
}
