import { Pagination } from '@/components/ui/pagination';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { pageCount } from '@/utils/pagination';
import { SRC20_PAGE_SIZE, useSearchSrc20Query } from '../api';
import type { Src20SearchArgs } from '../search-params';
import { Src20Card } from './src20-card';
import { ResultLine } from '@/components/ui/result-line';

/** The finder's results: 'x - y of n results', pagination above and below, and the cards; 'NO RESULTS' when empty. */
export function Src20Results({ args }: { args: Src20SearchArgs }) {
  const { data, error, isLoading, isFetching, isError } = useSearchSrc20Query(args);

  if (isLoading) return <Loading />;
  if (isError || !data) {
    return <ErrorNotice message={(errorStatus(error) === 400 && errorMessage(error)) || GENERIC_ERROR} />;
  }

  const pages = pageCount(data.estimatedTotalHits, SRC20_PAGE_SIZE);

  return (
    <div className="results">
      <ResultLine offset={data.offset} shown={data.hits.length} total={data.estimatedTotalHits} />
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
