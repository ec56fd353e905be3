import { useCallback, useId, useState } from 'react';
import { formatQuantity } from '../amount';
import { build } from '../built';
import { fetchFairmint, fetchSrc20 } from '../panel/terms';
import { useLoad } from '../use-load';
import { TxFlow, type Signer } from './tx-flow';

type MintProps = { id: string; source: string; signer: Signer | null; onDone: () => void };

/** A whole number typed, from 1 to `max`; null otherwise. */
function count(text: string, max: number): number | null {
  if (!/^\s*\d{1,4}\s*$/.test(text)) return null;
  const value = Number(text.trim());
  return value >= 1 && value <= max ? value : null;
}

/** A fairmint: lots of the fairminter's asset, for its XCP price each (or its free lot). */
export function FairmintMint({ id: cpid, source, signer, onDone }: MintProps) {
  const id = useId();
  const [lots, setLots] = useState('1');
  const offer = useLoad(useCallback((signal: AbortSignal) => fetchFairmint(cpid, signal), [cpid]));
  if (offer.load.status === 'loading') return <p className="muted">Loading the fairminter...</p>;
  if (offer.load.status === 'error' || offer.load.data === null || !offer.load.data.open) {
    return (
      <p className="error" role="alert">
        No open fairminter of {cpid}.
      </p>
    );
  }
  const terms = offer.load.data;
  const free = terms.price === 0n;
  const typed = free ? 1 : count(lots, 9999);
  const lot = formatQuantity(terms.lot, terms.divisible);
  return (
    <TxFlow
      source={source}
      signer={signer}
      build={(from, feeRate) => {
        if (typed === null) return Promise.reject(new Error('Enter a whole number of lots, at least 1.'));
        const quantity = free ? '0' : (terms.lot * BigInt(typed)).toString();
        return build(
          '/api/wallet/create/fairmint',
          { source: from, asset: cpid, quantity, desiredFeeRate: feeRate },
          from,
        );
      }}
      onSent={() => undefined}
      onDone={onDone}
    >
      <p>
        {free
          ? `The free lot of ${terms.name}: ${lot} units.`
          : `${terms.name}: ${lot} units per lot, for ${formatQuantity(terms.price, true)} XCP each.`}
      </p>
      {!free && (
        <label className="field" htmlFor={`${id}-lots`}>
          Lots
          <input
            id={`${id}-lots`}
            inputMode="numeric"
            value={lots}
            onChange={(event) => {
              setLots(event.target.value);
            }}
          />
        </label>
      )}
    </TxFlow>
  );
}

/** An SRC-20 mint of the tick's limit. */
export function Src20Mint({ id: tick, source, signer, onDone }: MintProps) {
  const offer = useLoad(useCallback((signal: AbortSignal) => fetchSrc20(tick, signal), [tick]));
  if (offer.load.status === 'loading') return <p className="muted">Loading the token...</p>;
  if (offer.load.status === 'error' || offer.load.data === null) {
    return (
      <p className="error" role="alert">
        {tick} is not deployed.
      </p>
    );
  }
  const terms = offer.load.data;
  return (
    <TxFlow
      source={source}
      signer={signer}
      build={(from, feeRate) =>
        build(
          '/api/wallet/create/src20-issuance',
          { source: from, type: 'mint', tick: terms.tick, amount: terms.limit, isPsbt: true, desiredFeeRate: feeRate },
          from,
        )
      }
      onSent={() => undefined}
      onDone={onDone}
    >
      <p>
        Mint {terms.limit} {terms.tick}, the limit of one mint.
      </p>
    </TxFlow>
  );
}

/** Stamps minted from a launchpad collection, one transaction each. */
export function LaunchpadMint({ id: collection, source, signer, onDone }: MintProps) {
  const id = useId();
  const [times, setTimes] = useState('1');
  const typed = count(times, 100);
  return (
    <TxFlow
      source={source}
      signer={signer}
      build={(from, feeRate) => {
        if (typed === null) return Promise.reject(new Error('Enter how many to mint, from 1 to 100.'));
        return build(
          '/api/wallet/create/launchpad-issuance',
          { source: from, name: collection, times: typed, isPsbt: true, desiredFeeRate: feeRate },
          from,
        );
      }}
      onSent={() => undefined}
      onDone={onDone}
    >
      <p>New stamps of the collection {collection}, at its current phase’s price.</p>
      <label className="field" htmlFor={`${id}-times`}>
        How many
        <input
          id={`${id}-times`}
          inputMode="numeric"
          value={times}
          onChange={(event) => {
            setTimes(event.target.value);
          }}
        />
      </label>
    </TxFlow>
  );
}
