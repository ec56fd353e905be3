import { useId } from 'react';
import { Link } from 'react-router';
import { Pagination } from '@/components/ui/pagination';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { GENERIC_ERROR } from '@/lib/api-error';
import { useSrc20Holdings, type Src20Holdings } from '@/lib/realtime';
import { abbreviateDecimal, formatDecimal, shortenAddress } from '@/utils/format';
import { pageCount } from '@/utils/pagination';
import { SRC20_ACTIVITY_PAGE_SIZE, useGetSrc20ActivityQuery } from '../activity-api';
import { ActivityTable, Address } from './tick-activity';

/** One positive SRC-20 balance of an address; `balance` is an exact decimal string. */
export type Src20Balance = { tick: string; address: string; balance: string };

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

/**
 * The balances to show: per address (in the profile's order), its live balances once its stream has sent them,
 * else what the profile call gave for it.
 */
export function mergeLiveBalances(
  addresses: readonly string[],
  initial: readonly Src20Balance[],
  live: Src20Holdings | undefined,
): Src20Balance[] {
  const listed = new Set(addresses);
  return [
    ...addresses.flatMap((address) => {
      const current = live?.[address];
      return current
        ? current.map((balance) => ({ tick: balance.tick, address, balance: balance.balance }))
        : initial.filter((balance) => balance.address === address);
    }),
    ...initial.filter((balance) => !listed.has(balance.address)),
  ];
}

/**
 * A profile's SRC-20 balances, following each address's live balances (`/api/realtime/src20/holders/{address}`):
 * the profile call's balances until an address's stream has sent its own.
 */
export function LiveSrc20Balances({ addresses, initial }: { addresses: string[]; initial: Src20Balance[] }) {
  const live = useSrc20Holdings(addresses);
  return <Src20Balances balances={mergeLiveBalances(addresses, initial, live)} />;
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
        <ActivityTable items={data.hits} caption={`SRC-20 activity of ${address}`} showTick busy={isFetching} />
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
        <p className="address-src20__select">
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
