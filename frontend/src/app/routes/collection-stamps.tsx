import { CollectionStampsTab } from '@/features/collections/components/collection-stamps-tab';
import { StampGrid } from '@/features/stamps/components/stamp-grid';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/** A collection's Stamps tab (the base path), drawn with the stamp grid. */
export function Component() {
  return <CollectionStampsTab renderStamps={(stamps, busy) => <StampGrid hits={stamps} busy={busy} />} />;
}
