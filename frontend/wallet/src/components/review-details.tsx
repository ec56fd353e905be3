import { formatSats } from '../amount';
import type { Review } from '../send';
import { FiatAmount } from './fiat-context';

/**
 * A transaction as the wallet will sign it: every output, the network fee and the total leaving the wallet, in BTC
 * and, in the panel, in the site's currency.
 */
export function ReviewDetails({ review, label = 'Outputs' }: { review: Review; label?: string }) {
  return (
    <>
      <ul className="list" aria-label={label}>
        {review.outputs.map((output, index) => (
          <li key={index} className="list__item">
            <span className="list__detail list__detail--left">
              {output.address ?? 'Counterparty data'}
              {output.own && ' (your address: change)'}
            </span>
            <span className="list__main list__amount">
              {formatSats(output.sats)} BTC
              <FiatAmount sats={output.sats} />
            </span>
          </li>
        ))}
      </ul>
      <dl className="totals">
        <dt>Network fee</dt>
        <dd>
          <span data-testid="network-fee">{formatSats(review.fee)} BTC</span>
          <FiatAmount sats={review.fee} />
        </dd>
        <dt>Total leaving the wallet</dt>
        <dd>
          <span data-testid="total">{formatSats(review.total)} BTC</span>
          <FiatAmount sats={review.total} />
        </dd>
      </dl>
    </>
  );
}
