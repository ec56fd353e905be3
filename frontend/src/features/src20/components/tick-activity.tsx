import { Pagination } from '@/components/ui/pagination';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { GENERIC_ERROR } from '@/lib/api-error';
import { abbreviateDecimal, formatDecimal, formatInteger, shortenAddress } from '@/utils/format';
import { pageCount } from '@/utils/pagination';
import { SRC20_HISTORY_PAGE_SIZE, useGetSrc20TickHistoryQuery } from '../api';
import type { Src20Item } from '../types';
import { InvalidIcon } from './invalid-icon';

function Address({ value }: { value: string | null }) {
  if (!value) return <>—</>;
  return (
    <span className="mono" title={value}>
      {shortenAddress(value)}
    </span>
  );
}

function Row({ item }: { item: Src20Item }) {
  const amount = item.op === 'DEPLOY' ? item.max : item.amount;
  return (
    <tr className={item.isInvalid ? 'activity__row activity__row--invalid' : 'activity__row'}>
      <td>{item.op}</td>
      <td>{amount ? <span title={formatDecimal(amount)}>{abbreviateDecimal(amount)}</span> : '—'}</td>
      <td>
        <Address value={item.creator} />
      </td>
      <td>
        <Address value={item.destination} />
      </td>
      <td>{formatInteger(item.blockIndex)}</td>
      <td>
        {item.isInvalid ? (
          <span className="activity__invalid" title={item.status || undefined}>
            <InvalidIcon label="Invalid" />
          </span>
        ) : (
          <span className="activity__valid">Yes</span>
        )}
      </td>
    </tr>
  );
}

/** A tick's operations, newest first, paginated with ?page=N: invalid ones in red with an error icon. */
export function TickActivity({ tick, page }: { tick: string; page: number }) {
  const { data, isLoading, isError, isFetching } = useGetSrc20TickHistoryQuery({
    tick,
    page,
    limit: SRC20_HISTORY_PAGE_SIZE,
  });

  if (isLoading) return <Loading />;
  if (isError || !data) return <ErrorNotice message={GENERIC_ERROR} />;
  if (data.hits.length === 0) return <p className="empty">NO RESULTS</p>;

  return (
    <>
      <div className="table-scroll">
        <table className="activity" aria-busy={isFetching}>
          <caption className="visually-hidden">Activity of {tick}</caption>
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Amount</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Block</th>
              <th scope="col">Valid</th>
            </tr>
          </thead>
          <tbody>
            {data.hits.map((item) => (
              <Row key={item.txHash} item={item} />
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={page} count={pageCount(data.estimatedTotalHits, SRC20_HISTORY_PAGE_SIZE)} label="Activity pages" />
    </>
  );
}
