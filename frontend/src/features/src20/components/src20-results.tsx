import { Pagination } from '@/components/ui/pagination';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { formatInteger } from '@/utils/format';
import { pageCount, resultRange } from '@/utils/pagination';
import { SRC20_PAGE_SIZE, useSearchSrc20Query } from '../api';
import type { Src20SearchArgs } from '../search-params';
import { Src20Card } from './src20-card';

/** The finder's results: 'x - y of n results', pagination above and below, and the cards; 'NO RESULTS' when empty. */
export function Src20Results({ args }: { args: Src20SearchArgs }) {
  const { data, error, isLoading, isFetching, isError } = useSearchSrc20Query(args);

  if (isLoading) return <Loading />;
  if (isError || !data) {
    return <ErrorNotice message={(errorStatus(error) === 400 && errorMessage(error)) || GENERIC_ERROR} />;
  }

  const range = resultRange(data.offset, data.hits.length, data.estimatedTotalHits);
  const pages = pageCount(data.estimatedTotalHits, SRC20_PAGE_SIZE);

  return (
    <div className="results">
      <p className="results__count" aria-live="polite">
        {range.from === 0
          ? `${formatInteger(range.total)} results`
          : `${formatInteger(range.from)} - ${formatInteger(range.to)} of ${formatInteger(range.total)} results`}
      </p>
      <Pagination page={args.page} count={pages} label="Pages (top)" />
      {data.hits.length === 0 ? (
        <p className="empty">NO RESULTS</p>
      ) : (
        <ul className="src20-grid" aria-label="SRC-20 operations" aria-busy={isFetching}>
          {data.hits.map((item) => (
            <Src20Card key={item.txHash} item={item} />
          ))}
        </ul>
      )}
      <Pagination page={args.page} count={pages} label="Pages (bottom)" />
    </div>
  );
}
