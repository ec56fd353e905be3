import { useId, useState } from 'react';
import { parseBtc } from '../amount';
import { fetchAssetTerms, type HeldStamp } from '../api';
import type { Built } from '../built';
import { ADDRESS_PATTERN, buildSend, SendError, type Review, type SendRequest } from '../send';
import { TxFlow } from './tx-flow';

/** Signs a reviewed send after checking it against the review; returns the raw transaction (hex). */
export type SignReviewed = (review: Review) => string;

/** The choice of an asset named by hand. */
const OTHER = 'other-asset';

/**
 * Sends bitcoin, one of the stamps held or another asset by name: the form, then the wallet's transaction flow
 * (TxFlow): a review of the transaction the API built (every output, the fee, the total leaving the wallet), then
 * 'Sign and send' (checked, signed, broadcast) and its txid.
 */
export function SendForm({
  address,
  stamps,
  sign,
  signMessage,
  onSent,
}: {
  address: string;
  stamps: HeldStamp[];
  sign: SignReviewed;
  signMessage?: (message: string) => string;
  onSent: () => void;
}) {
  const id = useId();
  const [asset, setAsset] = useState('BTC');
  const [destination, setDestination] = useState('');
  const [quantity, setQuantity] = useState('');
  /** The asset's name when sending one that is not listed (`asset` is then OTHER). */
  const [assetName, setAssetName] = useState('');
  const [round, setRound] = useState(0);

  /** The request typed, or why it cannot be sent; another asset's name is looked up for its divisibility. */
  const typed = async (feeRate: number): Promise<SendRequest | string> => {
    const to = destination.trim();
    if (!ADDRESS_PATTERN.test(to)) return 'Enter a Bitcoin address (bc1..., 1... or 3...).';
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
      return { asset: terms.cpid, destination: to, quantity: amount, feeRate };
    }
    if (asset === 'BTC') {
      amount = parseBtc(quantity);
      if (amount === null) return 'Enter an amount in BTC, with at most 8 decimals.';
    } else {
      amount = /^\s*[1-9]\d{0,19}\s*$/.test(quantity) ? BigInt(quantity.trim()) : null;
      if (amount === null) return 'Enter a whole number of units, at least 1.';
    }
    if (amount <= 0n) return 'Enter an amount above zero.';
    return { asset, destination: to, quantity: amount, feeRate };
  };

  /** The send typed, built by the API and reviewed as a send (see reviewOf). */
  const build = async (source: string, feeRate: number): Promise<Built> => {
    const request = await typed(feeRate);
    if (typeof request === 'string') throw new SendError(request);
    const review = await buildSend(source, request);
    return { txs: [{ review, hashes: [], walletFee: 0n, royalties: 0n }], errors: [] };
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Send</h2>
      <TxFlow
        key={round}
        source={address}
        signer={{ address, sign, signMessage }}
        build={build}
        onSent={onSent}
        onDone={() => {
          setQuantity('');
          setRound((value) => value + 1);
        }}
      >
        {(editing) => (
          <fieldset className="form" disabled={!editing}>
            <label className="field" htmlFor={`${id}-asset`}>
              What to send
              <select
                id={`${id}-asset`}
                value={asset}
                disabled={!editing}
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
                  disabled={!editing}
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
                disabled={!editing}
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
                disabled={!editing}
                inputMode={asset === 'BTC' || asset === OTHER ? 'decimal' : 'numeric'}
                autoComplete="off"
                onChange={(event) => {
                  setQuantity(event.target.value);
                }}
              />
            </label>
          </fieldset>
        )}
      </TxFlow>
    </section>
  );
}
