import { Pagination } from '@/components/ui/pagination';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { GENERIC_ERROR } from '@/lib/api-error';
import { formatInteger } from '@/utils/format';
import { pageCount, pageToOffset, resultRange } from '@/utils/pagination';
import { STAMP_PAGE_SIZE, useSearchStampsQuery } from '../api';
import { StampGrid } from './stamp-grid';

type StampResultsProps = {
  /** The search text; empty lists every stamp, newest first. */
  q: string;
  /** 1-based page from the `?page=N` query. */
  page: number;
};

/** The finder's results: 'x - y of n results', pagination above and below, and the card grid. */
export function StampResults({ q, page }: StampResultsProps) {
  const offset = pageToOffset(page, STAMP_PAGE_SIZE);
  const { data, isLoading, isFetching, isError } = useSearchStampsQuery({ q, offset, limit: STAMP_PAGE_SIZE });

  if (isLoading) return <Loading />;
  if (isError || !data) return <ErrorNotice message={GENERIC_ERROR} />;

  // The previous page stays on screen (dimmed) while the next one loads, so count from its offset.
  const range = resultRange(data.offset, data.hits.length, data.estimatedTotalHits);
  const pages = pageCount(data.estimatedTotalHits, STAMP_PAGE_SIZE);

  return (
    <div className="results">
      <p className="results__count" aria-live="polite">
        {range.from === 0
          ? `${formatInteger(range.total)} results`
          : `${formatInteger(range.from)} - ${formatInteger(range.to)} of ${formatInteger(range.total)} results`}
      </p>
      <Pagination page={page} count={pages} label="Pages (top)" />
      <StampGrid hits={data.hits} busy={isFetching} />
      <Pagination page={page} count={pages} label="Pages (bottom)" />
    </div>
  );
}
