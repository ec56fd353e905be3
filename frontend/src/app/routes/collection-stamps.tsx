import { useFinderParams } from '@/components/finder/use-finder-params';
import { CollectionStampsTab } from '@/features/collections/components/collection-stamps-tab';
import { mergeStampSearch, parseStampSearch, toStampListArgs } from '@/features/stamps/finder-params';
import { StampFilters } from '@/features/stamps/components/stamp-filters';
import { StampGrid } from '@/components/stamp/stamp-grid';
import { useSite } from '@/lib/site-variant';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/** A collection's Stamps tab (the base path), with the stamp finder's filter bar and the stamp grid. */
export function Component() {
  const site = useSite();
  const [state, update] = useFinderParams(
    (params) => parseStampSearch(params, site.variant),
    (next, current) => mergeStampSearch(current, next),
  );
  const { types, only, sort, rarity } = toStampListArgs(state, 1);
  return (
    <CollectionStampsTab
      filters={<StampFilters state={state} onChange={update} />}
      listFilters={{ types, only, sort, rarity }}
      renderStamps={(stamps, busy) => <StampGrid hits={stamps} busy={busy} />}
    />
  );
}
