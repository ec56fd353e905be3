import { useId } from 'react';
import { Link } from 'react-router';
import { Pagination } from '@/components/ui/pagination';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { GENERIC_ERROR } from '@/lib/api-error';
import { abbreviateDecimal, formatDecimal, formatInteger, shortenAddress } from '@/utils/format';
import { pageCount } from '@/utils/pagination';
import { SRC20_ACTIVITY_PAGE_SIZE, useGetSrc20ActivityQuery } from '../activity-api';
import type { Src20Item } from '../types';
import { InvalidIcon } from './invalid-icon';

/** One positive SRC-20 balance of an address; `balance` is an exact decimal string. */
export type Src20Balance = { tick: string; address: string; balance: string };

function Address({ value }: { value: string | null }) {
  if (!value) return <>—</>;
  return (
    <span className="mono" title={value}>
      {shortenAddress(value)}
    </span>
  );
}

/** Positive SRC-20 balances, per tick and address (a profile's). */
export function Src20Balances({ balances }: { balances: Src20Balance[] }) {
  if (balances.length === 0) return <p className="empty">NO RESULTS</p>;
  return (
    <div className="table-scroll">
      <table className="activity">
        <caption className="visually-hidden">SRC-20 balances</caption>
        <thead>
          <tr>
            <th scope="col">Tick</th>
            <th scope="col">Balance</th>
            <th scope="col">Address</th>
          </tr>
        </thead>
        <tbody>
          {balances.map((balance) => (
            <tr key={`${balance.tick}:${balance.address}`}>
              <td>
                <Link className="text-link" to={paths.src20Tick.getHref(balance.tick)}>
                  {balance.tick}
                </Link>
              </td>
              <td title={formatDecimal(balance.balance)}>{abbreviateDecimal(balance.balance)}</td>
              <td>
                <Address value={balance.address} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ActivityRow({ item }: { item: Src20Item }) {
  const amount = item.op === 'DEPLOY' ? item.max : item.amount;
  return (
    <tr className={item.isInvalid ? 'activity__row activity__row--invalid' : 'activity__row'}>
      <td>{item.op}</td>
      <td>
        <Link className="text-link" to={paths.src20Tick.getHref(item.tick)}>
          {item.tick}
        </Link>
      </td>
      <td>{amount ? <span title={formatDecimal(amount)}>{abbreviateDecimal(amount)}</span> : '—'}</td>
      <td>
        <Address value={item.creator} />
      </td>
      <td>
        <Address value={item.destination} />
      </td>
      <td>{formatInteger(item.blockIndex)}</td>
      <td>{item.isInvalid ? <InvalidIcon label="Invalid" /> : 'Yes'}</td>
    </tr>
  );
}

type Src20ActivityProps = {
  addresses: string[];
  address: string;
  page: number;
  onAddressChange: (address: string) => void;
};

/** The SRC-20 operations one of the profile's addresses sent or received, newest first, paginated with ?page=N. */
export function Src20Activity({ addresses, address, page, onAddressChange }: Src20ActivityProps) {
  const selectId = useId();
  const { data, isLoading, isError, isFetching } = useGetSrc20ActivityQuery({
    address,
    page,
    limit: SRC20_ACTIVITY_PAGE_SIZE,
  });

  let body;
  if (isLoading) body = <Loading />;
  else if (isError || !data) body = <ErrorNotice message={GENERIC_ERROR} />;
  else if (data.hits.length === 0) body = <p className="empty">NO RESULTS</p>;
  else {
    body = (
      <>
        <div className="table-scroll">
          <table className="activity" aria-busy={isFetching}>
            <caption className="visually-hidden">SRC-20 activity of {address}</caption>
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">Tick</th>
                <th scope="col">Amount</th>
                <th scope="col">From</th>
                <th scope="col">To</th>
                <th scope="col">Block</th>
                <th scope="col">Valid</th>
              </tr>
            </thead>
            <tbody>
              {data.hits.map((item) => (
                <ActivityRow key={item.txHash} item={item} />
              ))}
            </tbody>
          </table>
        </div>
        <Pagination
          page={page}
          count={pageCount(data.estimatedTotalHits, SRC20_ACTIVITY_PAGE_SIZE)}
          label="Activity pages"
        />
      </>
    );
  }

  return (
    <div className="profile__activity">
      {addresses.length > 1 && (
        <p className="profile__select">
          <label htmlFor={selectId}>Address</label>
          <select
            id={selectId}
            className="select"
            value={address}
            onChange={(event) => {
              onAddressChange(event.target.value);
            }}
          >
            {addresses.map((option) => (
              <option key={option} value={option}>
                {shortenAddress(option, 5)}
              </option>
            ))}
          </select>
        </p>
      )}
      {body}
    </div>
  );
}
