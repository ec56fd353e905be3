import { useCallback, useId, useRef, useState, type SubmitEvent } from 'react';
import { parseBtc } from '../amount';
import { fetchAssetTerms, type HeldStamp } from '../api';
import { broadcast, buildSend, fetchFees, type Review, type SendRequest } from '../send';
import { useLoad } from '../use-load';
import { CopyButton } from './copy-button';
import { FeeSelect, feeRateOf, type FeeChoice } from './fee-select';
import { FormError } from './form-error';
import { ReviewDetails } from './review-details';

/** Signs a reviewed send after checking it against the review; returns the raw transaction (hex). */
export type SignReviewed = (review: Review) => string;

type Step =
  | { name: 'edit' }
  | { name: 'building' }
  | { name: 'review'; review: Review; request: SendRequest }
  | { name: 'sending'; review: Review; request: SendRequest }
  | { name: 'sent'; txid: string };

/** A mainnet address as typed: bech32 (bc1...) or base58 (1... or 3...). The server checks it fully. */
const ADDRESS = /^(bc1[02-9ac-hj-np-z]{8,87}|BC1[02-9AC-HJ-NP-Z]{8,87}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/;

/** The choice of an asset named by hand. */
const OTHER = 'other-asset';

function message(failure: unknown): string {
  return failure instanceof Error ? failure.message : 'The send failed.';
}

/**
 * Sends bitcoin or one of the stamps held: the form, then a review of the transaction the API built (every output,
 * the fee, the total leaving the wallet), then 'Sign and send' (checked, signed, broadcast) and its txid.
 */
export function SendForm({
  address,
  stamps,
  sign,
  onSent,
}: {
  address: string;
  stamps: HeldStamp[];
  sign: SignReviewed;
  onSent: () => void;
}) {
  const id = useId();
  const [asset, setAsset] = useState('BTC');
  const [destination, setDestination] = useState('');
  const [quantity, setQuantity] = useState('');
  /** The asset's name when sending one that is not listed (`asset` is then OTHER). */
  const [assetName, setAssetName] = useState('');
  const [feeChoice, setFeeChoice] = useState<FeeChoice>('optimal');
  const [step, setStep] = useState<Step>({ name: 'edit' });
  const [error, setError] = useState<string | null>(null);
  /** Set while a build or a send runs: a second click does nothing. */
  const busy = useRef(false);
  const fees = useLoad(useCallback((signal: AbortSignal) => fetchFees(signal), []));
  const rates = fees.load.status === 'done' ? fees.load.data : null;

  const feeRate = (): number => feeRateOf(feeChoice, rates);

  /** The request typed, or why it cannot be sent; another asset's name is looked up for its divisibility. */
  const typed = async (): Promise<SendRequest | string> => {
    const to = destination.trim();
    if (!ADDRESS.test(to)) return 'Enter a Bitcoin address (bc1..., 1... or 3...).';
    let amount: bigint | null;
    if (asset === OTHER) {
      if (!assetName.trim()) return 'Enter the name of the asset to send.';
      const terms = await fetchAssetTerms(assetName);
      if (!terms) return `There is no asset named ${assetName.trim()}.`;
      amount = terms.divisible
        ? parseBtc(quantity)
        : /^\s*\d{1,20}\s*$/.test(quantity)
          ? BigInt(quantity.trim())
          : null;
      if (amount === null) {
        return terms.divisible
          ? `Enter a quantity of ${terms.cpid} with at most 8 decimals.`
          : `${terms.cpid} is indivisible: enter a whole number.`;
      }
      if (amount <= 0n) return 'Enter an amount above zero.';
      return { asset: terms.cpid, destination: to, quantity: amount, feeRate: feeRate() };
    }
    if (asset === 'BTC') {
      amount = parseBtc(quantity);
      if (amount === null) return 'Enter an amount in BTC, with at most 8 decimals.';
    } else {
      amount = /^\s*[1-9]\d{0,19}\s*$/.test(quantity) ? BigInt(quantity.trim()) : null;
      if (amount === null) return 'Enter a whole number of units, at least 1.';
    }
    if (amount <= 0n) return 'Enter an amount above zero.';
    return { asset, destination: to, quantity: amount, feeRate: feeRate() };
  };

  const review = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setError(null);
    setStep({ name: 'building' });
    const build = async () => {
      const request = await typed();
      if (typeof request === 'string') throw new Error(request);
      return { request, built: await buildSend(address, request) };
    };
    build().then(
      ({ request, built }) => {
        busy.current = false;
        setStep({ name: 'review', review: built, request });
      },
      (failure: unknown) => {
        busy.current = false;
        setError(message(failure));
        setStep({ name: 'edit' });
      },
    );
  };

  const send = () => {
    if (busy.current || step.name !== 'review') return;
    const { review: reviewed, request } = step;
    let raw: string;
    try {
      raw = sign(reviewed);
    } catch (failure) {
      setError(message(failure));
      return;
    }
    busy.current = true;
    setError(null);
    setStep({ name: 'sending', review: reviewed, request });
    broadcast(raw).then(
      (txid) => {
        busy.current = false;
        setStep({ name: 'sent', txid });
        onSent();
      },
      (failure: unknown) => {
        busy.current = false;
        setError(message(failure));
        setStep({ name: 'review', review: reviewed, request });
      },
    );
  };

  const restart = () => {
    setError(null);
    setQuantity('');
    setStep({ name: 'edit' });
  };

  const alert = <FormError error={error} />;

  let body;
  if (step.name === 'sent') {
    body = (
      <>
        <p>Sent. Its transaction id:</p>
        <p className="address" data-testid="txid">
          {step.txid}
        </p>
        <div className="actions">
          <CopyButton text={step.txid} label="Copy transaction id" />
          <button type="button" className="button" onClick={restart}>
            New send
          </button>
        </div>
      </>
    );
  } else if (step.name === 'review' || step.name === 'sending') {
    const sending = step.name === 'sending';
    const { review: shown } = step;
    body = (
      <>
        <p className="label">The transaction, output by output:</p>
        <ReviewDetails review={shown} />
        {step.request.asset !== 'BTC' && (
          <p className="muted">
            {step.request.quantity.toString()} of {step.request.asset} to {step.request.destination}, in the
            Counterparty data.
          </p>
        )}
        {alert}
        <div className="actions">
          <button
            type="button"
            className="button button--primary"
            onClick={send}
            disabled={sending}
            aria-busy={sending}
          >
            {sending ? 'Sending...' : 'Sign and send'}
          </button>
          <button
            type="button"
            className="button"
            disabled={sending}
            onClick={() => {
              setError(null);
              setStep({ name: 'edit' });
            }}
          >
            Back
          </button>
        </div>
      </>
    );
  } else {
    const building = step.name === 'building';
    body = (
      <form className="form" onSubmit={review} noValidate>
        <label className="field" htmlFor={`${id}-asset`}>
          What to send
          <select
            id={`${id}-asset`}
            value={asset}
            disabled={building}
            onChange={(event) => {
              setAsset(event.target.value);
              setQuantity(event.target.value === 'BTC' || event.target.value === OTHER ? '' : '1');
            }}
          >
            <option value="BTC">Bitcoin (BTC)</option>
            {stamps.map((stamp) => (
              <option key={stamp.cpid} value={stamp.cpid}>
                Stamp #{stamp.stamp} ({stamp.cpid})
              </option>
            ))}
            <option value={OTHER}>Another asset (XCP or any asset held, by name)</option>
          </select>
        </label>
        {asset === OTHER && (
          <label className="field" htmlFor={`${id}-asset-name`}>
            Asset name
            <input
              id={`${id}-asset-name`}
              value={assetName}
              disabled={building}
              autoComplete="off"
              spellCheck={false}
              placeholder="XCP"
              onChange={(event) => {
                setAssetName(event.target.value);
              }}
            />
          </label>
        )}
        <label className="field" htmlFor={`${id}-destination`}>
          To
          <input
            id={`${id}-destination`}
            value={destination}
            disabled={building}
            autoComplete="off"
            spellCheck={false}
            placeholder="bc1q..."
            onChange={(event) => {
              setDestination(event.target.value);
            }}
          />
        </label>
        <label className="field" htmlFor={`${id}-quantity`}>
          {asset === 'BTC' ? 'Amount (BTC)' : asset === OTHER ? 'Quantity' : 'Quantity (units)'}
          <input
            id={`${id}-quantity`}
            value={quantity}
            disabled={building}
            inputMode={asset === 'BTC' || asset === OTHER ? 'decimal' : 'numeric'}
            autoComplete="off"
            onChange={(event) => {
              setQuantity(event.target.value);
            }}
          />
        </label>
        <FeeSelect id={`${id}-fee`} value={feeChoice} rates={rates} disabled={building} onChange={setFeeChoice} />
        {alert}
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={building} aria-busy={building}>
            {building ? 'Building...' : 'Review'}
          </button>
        </div>
      </form>
    );
  }

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Send</h2>
      {body}
    </section>
  );
}
