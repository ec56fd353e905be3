import { useState } from 'react';
import { FilterChip, FilterChips, Finder } from '@/components/finder/finder';
import { useFinderParams } from '@/components/finder/use-finder-params';
import { Pagination } from '@/components/ui/pagination';
import { SortButtons } from '@/components/ui/sort-buttons';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { useSite } from '@/lib/site-variant';
import { STAMP_TYPE_LABELS, stampSortLabels } from '@/lib/stamp-filters';
import { offsetToPage, pageCount } from '@/utils/pagination';
import { ASSET_PAGE_SIZE, useSearchAssetsQuery } from '../asset-api';
import {
  activeAssetSort,
  ASSET_ONLY,
  ASSET_SORT_FIELDS,
  ASSET_TYPES,
  assetSearchParams,
  chooseAssetSort,
  parseAssetSearch,
  toAssetSearchArgs,
  toggleAssetOnly,
  toggleAssetType,
  type AssetOnly,
  type AssetSearchArgs,
  type AssetSortField,
} from '../asset-params';
import { AssetGrid } from './asset-card';
import { ResultLine } from '@/components/ui/result-line';

const ONLY_LABELS: Record<AssetOnly, string> = {
  stamps: 'Stamps',
  named: 'Named',
  locked: 'Locked',
  on_sale: 'On sale',
};

/** The asset sorts, then the Stamps finder's stamp sorts (the stamp number's named as such among assets). */
const SORT_LABELS: Record<AssetSortField, string> = {
  ...stampSortLabels('Stamp number'),
  block_index: 'Newest',
  asset: 'Name',
  supply: 'Supply',
  holders: 'Holders',
};

/** The cards of the first row at the widest layout: their images load at once. */
const FIRST_ROW = 6;

/** The XCP finder's results: 'x - y of n results', pagination above and below, and the asset cards. */
function AssetResults({ args, expanded }: { args: AssetSearchArgs; expanded: boolean }) {
  const site = useSite();
  const { data, error, isLoading, isFetching, isError } = useSearchAssetsQuery(args);
  const page = offsetToPage(args.offset, args.limit);

  if (isLoading) return <Loading />;
  if (isError || !data) {
    return <ErrorNotice message={(errorStatus(error) === 400 && errorMessage(error)) || GENERIC_ERROR} />;
  }
  const pages = pageCount(data.estimatedTotalHits, args.limit);
  return (
    <div className="results">
      <ResultLine offset={data.offset} shown={data.hits.length} total={data.estimatedTotalHits} />
      <Pagination page={page} count={pages} label="Pages (top)" />
      <AssetGrid assets={data.hits} busy={isFetching} expanded={expanded} label={site.stampsWord} eager={FIRST_ROW} />
      <Pagination page={page} count={pages} label="Pages (bottom)" />
    </div>
  );
}

/**
 * The XCP site's finder: every Counterparty asset (`GET /api/xcp/search`), a stamp or not, with the Stamps finder's
 * type filters (the assets that are stamps of those kinds), the show-only filters (stamps, named, locked, on sale),
 * the sorts (newest first by default, name, supply, holders, and the Stamps finder's stamp sorts), the page in the
 * query, the search text in the path, and the 'Expand details' switch.
 */
export function AssetFinder({ q }: { q: string }) {
  const [state, update] = useFinderParams(parseAssetSearch, assetSearchParams);
  const sort = activeAssetSort(state);
  const [expanded, setExpanded] = useState(false);

  return (
    <Finder
      controls={
        <>
          <FilterChips
            legend="Types"
            options={ASSET_TYPES}
            labels={STAMP_TYPE_LABELS}
            selected={state.types}
            onToggle={(type) => {
              update(toggleAssetType(state, type));
            }}
          />
          <FilterChips
            legend="Show only"
            options={ASSET_ONLY}
            labels={ONLY_LABELS}
            selected={state.only}
            onToggle={(only) => {
              update(toggleAssetOnly(state, only));
            }}
          />
          <SortButtons
            fields={ASSET_SORT_FIELDS}
            labels={SORT_LABELS}
            active={sort.field}
            direction={sort.direction}
            onChoose={(field) => {
              update(chooseAssetSort(state, field));
            }}
          />
          <FilterChip checked={expanded} onChange={setExpanded}>
            Expand details
          </FilterChip>
        </>
      }
    >
      <AssetResults args={toAssetSearchArgs(q, state, ASSET_PAGE_SIZE)} expanded={expanded} />
    </Finder>
  );
}
