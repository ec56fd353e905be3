import { Money } from './money';

/** A line of an estimate: what it is and its satoshis. */
export type EstimateRow = { label: string; sats: bigint };

type EstimateListProps = {
  rows: readonly EstimateRow[];
  total: bigint;
  /** While the inputs it follows have not settled yet. */
  pending?: boolean;
};

/** An estimate: its lines and the total, in BTC and the chosen currency. */
export function EstimateList({ rows, total, pending = false }: EstimateListProps) {
  return (
    <dl className="wallet-estimate info-list" aria-label="Estimate" aria-busy={pending}>
      {rows.map((row) => (
        <div key={row.label} className="info-list__row">
          <dt>{row.label}</dt>
          <dd>
            <Money sats={row.sats} />
          </dd>
        </div>
      ))}
      <div className="info-list__row wallet-estimate__total">
        <dt>Total</dt>
        <dd>
          <Money sats={total} />
        </dd>
      </div>
    </dl>
  );
}
