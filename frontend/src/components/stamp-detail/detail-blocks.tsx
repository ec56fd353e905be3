import { useId, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LineChart } from '@/components/charts/line-chart';
import { BuyNowButton } from '@/components/stamp/buy-now-button';
import { paths } from '@/config/paths';
import { openMint, useMintDispatch } from '@/lib/mint-request';
import {
  formatBlockTime,
  formatInteger,
  formatPercent,
  formatSupply,
  formatTimeTick,
  shortenAddress,
} from '@/utils/format';
import { abbreviateBtc } from '@/utils/market';
import { formatBtc } from '@/utils/money';
import {
  collectionIds,
  hasLotLeft,
  holderLabel,
  isAtomicSwap,
  isDispenserClosed,
  salesChartPoints,
  sortDispensers,
} from './detail-rules';
import type { StampDetailData, StampDispenser, StampFairminter, StampHolder, StampSale } from '@/lib/stamp-detail';

/** The spec's empty texts. */
export const NO_SALES = 'No sales yet';
export const NO_DISPENSERS = 'Currently no dispensers';
export const NO_RESULTS = 'NO RESULTS';

/** A titled block of the detail page. */
export function DetailPanel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="panel detail-panel" aria-labelledby={id}>
      <h2 id={id} className="panel__title">
        {title}
      </h2>
      <div className="detail-panel__body">{children}</div>
    </section>
  );
}

/** A row of an information list (`<dl className="info-list">`): a label and its value. */
export function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="info-list__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Empty({ text }: { text: string }) {
  return <p className="detail-panel__empty">{text}</p>;
}

/** An address shortened 5+5, the full value in its title. */
/** An address, linked to its profile; a UTXO (`txid:vout`) is no profile and stays text. */
function Address({ value }: { value: string }) {
  if (value.includes(':')) {
    return (
      <span className="mono" title={value}>
        {shortenAddress(value)}
      </span>
    );
  }
  return (
    <Link className="text-link mono" to={paths.profile.getHref(value)} title={value}>
      {shortenAddress(value)}
    </Link>
  );
}

/** A chart's price axis: satoshis as BTC, abbreviated. */
function priceTick(sats: number): string {
  return abbreviateBtc(Math.round(sats));
}

/** Sales history (dispenses, newest first) with the sales chart (hidden under 2 sales). */
export function SalesBlock({ sales, divisible }: { sales: StampSale[]; divisible: boolean }) {
  const points = useMemo(() => salesChartPoints(sales, divisible), [sales, divisible]);
  const timeTick = useMemo(() => {
    const span = (points[points.length - 1]?.x ?? 0) - (points[0]?.x ?? 0);
    return (seconds: number) => formatTimeTick(seconds, span);
  }, [points]);
  const first = sales[sales.length - 1];
  const last = sales[0];
  return (
    <DetailPanel title="Sales">
      {sales.length === 0 ? (
        <Empty text={NO_SALES} />
      ) : (
        <>
          <LineChart
            title="Sales chart"
            className="sales-chart"
            label="Price per unit"
            formatX={timeTick}
            formatY={priceTick}
            points={points}
            summary={
              first && last
                ? `${formatInteger(sales.length)} sales from ${formatBlockTime(first.timestamp)} ` +
                  `(${formatBtc(first.btc_amount)}) to ` +
                  `${formatBlockTime(last.timestamp)} (${formatBtc(last.btc_amount)})`
                : ''
            }
          />
          <div className="table-scroll">
            <table className="activity">
              <caption className="visually-hidden">Sales history</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Price</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Buyer</th>
                </tr>
              </thead>
              <tbody>
                {sales.map((sale) => (
                  <tr key={`${sale.tx_hash}-${sale.dispenser_tx_hash}`}>
                    <td>{formatBlockTime(sale.timestamp)}</td>
                    <td>{formatBtc(sale.btc_amount)}</td>
                    <td>{formatSupply(sale.quantity, divisible)}</td>
                    <td>
                      <Address value={sale.destination} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </DetailPanel>
  );
}

type FairminterBlockProps = {
  fairminter: StampFairminter;
  /** The asset, its long name and divisibility. */
  cpid: string;
  assetLongname: string | null;
  divisible: boolean;
};

/**
 * The fairminter of the asset, when there is one. Quantities divide by 1e8 for a divisible asset. Its Mint button,
 * enabled only while the fairminter is open, opens the fairmint (the dialog when signed in with a wallet that signs,
 * else the sign-in panel first).
 */
export function FairminterBlock({ fairminter, cpid, assetLongname, divisible }: FairminterBlockProps) {
  const dispatch = useMintDispatch();
  const quantity = (value: string) => formatSupply(value, divisible);
  const rows: [string, ReactNode][] = [
    ['Status', fairminter.status],
    [
      'Price',
      /^0*$/.test(fairminter.price)
        ? 'Free'
        : `${formatSupply(fairminter.price, true)} XCP per ${quantity(fairminter.quantity_by_price)}`,
    ],
    ['Hard cap', /^0*$/.test(fairminter.hard_cap) ? 'None' : quantity(fairminter.hard_cap)],
    ['Premint', quantity(fairminter.premint_quantity)],
    ['Max per mint', /^0*$/.test(fairminter.max_mint_per_tx) ? 'None' : quantity(fairminter.max_mint_per_tx)],
    ['Minted', quantity(fairminter.earned_quantity)],
    ['Mints', formatInteger(fairminter.minted_count)],
    ['Minters', formatInteger(fairminter.minters_count)],
    ['Start block', fairminter.start_block ? formatInteger(fairminter.start_block) : '-'],
    ['End block', fairminter.end_block ? formatInteger(fairminter.end_block) : '-'],
    ['Creator', <Address key="creator" value={fairminter.source} />],
  ];
  return (
    <DetailPanel title="Fairminter">
      <dl className="info-list">
        {rows.map(([label, value]) => (
          <InfoRow key={label} label={label}>
            {value}
          </InfoRow>
        ))}
      </dl>
      <button
        type="button"
        className="button detail-panel__action"
        aria-haspopup="dialog"
        disabled={fairminter.status !== 'open'}
        onClick={() => {
          dispatch(
            openMint({
              action: 'fairmint',
              fairminter: {
                cpid,
                asset_longname: assetLongname,
                divisible,
                status: fairminter.status,
                price: fairminter.price,
                quantity_by_price: fairminter.quantity_by_price,
                hard_cap: fairminter.hard_cap,
                max_mint_per_tx: fairminter.max_mint_per_tx,
                premint_quantity: fairminter.premint_quantity,
                earned_quantity: fairminter.earned_quantity,
              },
            }),
          );
        }}
      >
        Mint
      </button>
    </DetailPanel>
  );
}

/** Holders, most first, with their share of the supply. */
export function HoldersBlock({ holders, divisible }: { holders: StampHolder[]; divisible: boolean }) {
  return (
    <DetailPanel title="Holders">
      {holders.length === 0 ? (
        <Empty text={NO_RESULTS} />
      ) : (
        <div className="table-scroll">
          <table className="activity">
            <caption className="visually-hidden">Holders</caption>
            <thead>
              <tr>
                <th scope="col">Holder</th>
                <th scope="col">Quantity</th>
                <th scope="col">Share</th>
              </tr>
            </thead>
            <tbody>
              {holders.map((holder) => {
                const label = holderLabel(holder);
                return (
                  <tr key={label}>
                    <td>
                      <Address value={label} />
                      {holder.utxo_address && <span className="badge">UTXO</span>}
                    </td>
                    <td>{formatSupply(holder.quantity, divisible)}</td>
                    <td>{formatPercent(holder.percentage)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </DetailPanel>
  );
}

function DispenserRow({ dispenser, divisible }: { dispenser: StampDispenser; divisible: boolean }) {
  const closed = isDispenserClosed(dispenser);
  return (
    <tr className={closed ? 'dispenser-row dispenser-row--closed' : 'dispenser-row'}>
      <td>
        {closed ? (
          <span className="badge badge--invalid">Closed</span>
        ) : (
          <>
            <span className="visually-hidden">Open</span>
            <BuyNowButton
              txHash={dispenser.tx_hash}
              disabled={!hasLotLeft(dispenser)}
              className="button button--ghost buy-now buy-now--row"
            />
          </>
        )}
      </td>
      <td>{formatBtc(dispenser.satoshi_price)}</td>
      <td>{formatSupply(dispenser.give_quantity, divisible)}</td>
      <td>{formatSupply(dispenser.give_remaining, divisible)}</td>
      <td>
        <Address value={dispenser.source} />
        {isAtomicSwap(dispenser.tx_hash) && <span className="badge">Atomic swap</span>}
      </td>
      <td>{formatInteger(dispenser.dispense_count)}</td>
    </tr>
  );
}

/**
 * Dispensers, open first: an open one's status is its 'Buy now' (disabled when no lot is left); a closed one (status
 * 10 or 11) reads Closed and cannot be bought.
 */
export function DispensersBlock({ dispensers, divisible }: { dispensers: StampDispenser[]; divisible: boolean }) {
  return (
    <DetailPanel title="Dispensers">
      {dispensers.length === 0 ? (
        <Empty text={NO_DISPENSERS} />
      ) : (
        <div className="table-scroll">
          <table className="activity">
            <caption className="visually-hidden">Dispensers</caption>
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Price</th>
                <th scope="col">Per buy</th>
                <th scope="col">Remaining</th>
                <th scope="col">Seller</th>
                <th scope="col">Sales</th>
              </tr>
            </thead>
            <tbody>
              {sortDispensers(dispensers).map((dispenser) => (
                <DispenserRow key={dispenser.tx_hash} dispenser={dispenser} divisible={divisible} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </DetailPanel>
  );
}

/** Dividends paid to the holders; not shown when there are none. */
export function DividendsBlock({ dividends }: { dividends: NonNullable<StampDetailData['dividends']> }) {
  if (dividends.length === 0) return null;
  return (
    <DetailPanel title="Dividends">
      <div className="table-scroll">
        <table className="activity">
          <caption className="visually-hidden">Dividends</caption>
          <thead>
            <tr>
              <th scope="col">Asset</th>
              <th scope="col">Per unit</th>
              <th scope="col">Block</th>
              <th scope="col">From</th>
            </tr>
          </thead>
          <tbody>
            {dividends.map((dividend) => (
              <tr key={dividend.tx_hash}>
                <td className="break">{dividend.dividend_asset}</td>
                <td>{formatInteger(dividend.quantity_per_unit)}</td>
                <td>{formatInteger(dividend.block_index)}</td>
                <td>
                  <Address value={dividend.source} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </DetailPanel>
  );
}

/**
 * 'From Collection': the collections the stamp belongs to (drawn by `render`, else linked by id); nothing when none.
 */
export function CollectionBlock({
  value,
  render,
}: {
  value: StampDetailData['collection_id'];
  render?: ((ids: string[]) => ReactNode) | undefined;
}) {
  const ids = collectionIds(value);
  if (ids.length === 0) return null;
  return (
    <DetailPanel title="From Collection">
      {render ? (
        render(ids)
      ) : (
        <ul className="detail-links">
          {ids.map((id) => (
            <li key={id}>
              <Link className="text-link" to={paths.collection.getHref(id)}>
                {id}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </DetailPanel>
  );
}
