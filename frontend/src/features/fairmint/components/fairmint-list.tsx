import { useState } from 'react';
import { FilterChips, Finder } from '@/components/finder/finder';
import { useFinderParams } from '@/components/finder/use-finder-params';
import { Pagination } from '@/components/ui/pagination';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { pageCount } from '@/utils/pagination';
import { useSearchFairmintersQuery } from '../api';
import {
  activeFairmintSort,
  chooseFairmintSort,
  FAIRMINT_ONLY,
  FAIRMINT_PAGE_SIZE,
  FAIRMINT_SORT_FIELDS,
  fairmintSearchParams,
  offersValid,
  parseFairmintSearch,
  toFairmintSearchArgs,
  toggleFairmintOnly,
  type FairmintOnly,
  type FairmintSearchArgs,
  type FairmintSortField,
} from '../search-params';
import { FairmintCard } from './fairmint-card';
import { SortButtons } from '@/components/ui/sort-buttons';
import { ResultLine } from '@/components/ui/result-line';

const ONLY_LABELS: Record<FairmintOnly, string> = {
  completed: 'Completed',
  in_progress: 'In progress',
  limited: 'Limited',
  valid: 'Valid',
};

const SORT_LABELS: Record<FairmintSortField, string> = {
  timestamp: 'Newest',
  progress: 'Progress',
  holders_count: 'Holders',
  minted_count: 'Mints',
  minters_count: 'Minters',
  last_mint: 'Last mint',
  end_block: 'End block',
};

function FairmintResults({ args }: { args: FairmintSearchArgs }) {
  const { data, error, isLoading, isFetching, isError } = useSearchFairmintersQuery(args);
  // Read once per mount: the last-mint window is coarse (10 days), a render-time clock would be impure.
  const [nowSeconds] = useState(() => Math.floor(Date.now() / 1000));

  if (isLoading) return <Loading />;
  if (isError || !data) {
    return <ErrorNotice message={(errorStatus(error) === 400 && errorMessage(error)) || GENERIC_ERROR} />;
  }
  const pages = pageCount(data.estimatedTotalHits, FAIRMINT_PAGE_SIZE);
  return (
    <div className="results">
      <ResultLine offset={data.offset} shown={data.hits.length} total={data.estimatedTotalHits} />
      <Pagination page={args.page} count={pages} label="Pages (top)" />
      {data.hits.length === 0 ? (
        <p className="empty">NO RESULTS</p>
      ) : (
        <ul className="fairmint-grid" aria-label="Fairminters" aria-busy={isFetching}>
          {data.hits.map((card) => (
            <FairmintCard key={card.tx_hash} card={card} nowSeconds={nowSeconds} />
          ))}
        </ul>
      )}
      <Pagination page={args.page} count={pages} label="Pages (bottom)" />
    </div>
  );
}

/**
 * The fairminter list: search text in the path (/fairmint/{q}), Only filters, sort and page in the query, through
 * the pure rules of `search-params.ts`.
 */
export function FairmintList({ q }: { q: string }) {
  const [state, update] = useFinderParams(parseFairmintSearch, fairmintSearchParams);
  const sort = activeFairmintSort(state);

  return (
    <Finder
      search={{
        q,
        label: 'Search fairminters',
        placeholder: 'Asset, long name or creator address',
        href: (text) => (text ? paths.fairmintQuery.getHref(text) : paths.fairmint.getHref()),
        query: fairmintSearchParams({ ...state, page: 1 }),
      }}
      controls={
        <>
          <FilterChips
            legend="Only"
            options={FAIRMINT_ONLY.filter((only) => only !== 'valid' || offersValid(state))}
            labels={ONLY_LABELS}
            selected={state.only}
            onToggle={(only) => {
              update(toggleFairmintOnly(state, only));
            }}
          />
          <SortButtons
            fields={FAIRMINT_SORT_FIELDS}
            labels={SORT_LABELS}
            active={sort.field}
            direction={sort.direction}
            onChoose={(field) => {
              update(chooseFairmintSort(state, field));
            }}
          />
        </>
      }
    >
      <FairmintResults args={toFairmintSearchArgs(q, state)} />
    </Finder>
  );
}
