import { Link } from 'react-router';
import { Pagination } from '@/components/ui/pagination';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { GENERIC_ERROR } from '@/lib/api-error';
import { abbreviateDecimal, formatDecimal, formatInteger, shortenAddress } from '@/utils/format';
import { pageCount } from '@/utils/pagination';
import { SRC20_HISTORY_PAGE_SIZE, useGetSrc20TickHistoryQuery } from '../api';
import type { Src20Item } from '../types';
import { InvalidIcon } from './invalid-icon';

/** An address, shortened; a dash when there is none. */
export function Address({ value }: { value: string | null }) {
  if (!value) return <>—</>;
  return (
    <span className="mono" title={value}>
      {shortenAddress(value)}
    </span>
  );
}

function Row({ item, showTick }: { item: Src20Item; showTick: boolean }) {
  const amount = item.op === 'DEPLOY' ? item.max : item.amount;
  return (
    <tr className={item.isInvalid ? 'activity__row activity__row--invalid' : 'activity__row'}>
      <td>{item.op}</td>
      {showTick && (
        <td>
          <Link className="text-link" to={paths.src20Tick.getHref(item.tick)}>
            {item.tick}
          </Link>
        </td>
      )}
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

/**
 * A table of SRC-20 operations: type, the tick (`showTick`, when they are of several ticks), amount, from, to,
 * block and validity, invalid ones in red with an error icon.
 */
export function ActivityTable({
  items,
  caption,
  showTick = false,
  busy = false,
}: {
  items: Src20Item[];
  caption: string;
  showTick?: boolean;
  busy?: boolean;
}) {
  return (
    <div className="table-scroll">
      <table className="activity" aria-busy={busy}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Type</th>
            {showTick && <th scope="col">Tick</th>}
            <th scope="col">Amount</th>
            <th scope="col">From</th>
            <th scope="col">To</th>
            <th scope="col">Block</th>
            <th scope="col">Valid</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <Row key={item.txHash} item={item} showTick={showTick} />
          ))}
        </tbody>
      </table>
    </div>
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
      <ActivityTable items={data.hits} caption={`Activity of ${tick}`} busy={isFetching} />
      <Pagination
        page={page}
        count={pageCount(data.estimatedTotalHits, SRC20_HISTORY_PAGE_SIZE)}
        label="Activity pages"
      />
    </>
  );
}
