import { Src721Builder } from '@/features/src721/components/src721-builder';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/**
 * The mint page's Src721 Builder tab. The site cannot mint a deploy yet (the wallet flow takes no SRC-721 deploy):
 * no mint handler, so the builder shows no Mint button.
 */
export function Component() {
  return <Src721Builder onMint={undefined} />;
}
