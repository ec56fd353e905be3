import { useId, useState } from 'react';
import type { Src20Holding } from '../api';
import { build } from '../built';
import { ADDRESS_PATTERN, SendError } from '../send';
import { TxFlow, type Signer } from './tx-flow';

/** An exact decimal amount, as SRC-20 amounts are typed (at most 18 decimals). */
const AMOUNT = /^(?:0|[1-9]\d{0,29})(?:\.\d{1,18})?$/;

/**
 * Transfers SRC-20 tokens held: the tick, the amount and the recipient, built by the wallet service (the recipient's
 * output first, the transfer's JSON in the data outputs, the service fee), reviewed, signed and sent.
 */
export function Src20TransferForm({
  holdings,
  signer,
  onSent,
}: {
  holdings: Src20Holding[];
  signer: Signer;
  onSent: () => void;
}) {
  const id = useId();
  const [tick, setTick] = useState(holdings[0]?.tick ?? '');
  const [amount, setAmount] = useState('');
  const [destination, setDestination] = useState('');
  const [round, setRound] = useState(0);
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Transfer SRC-20</h2>
      <TxFlow
        key={round}
        source={signer.address}
        signer={signer}
        build={async (from, feeRate) => {
          const to = destination.trim();
          const typed = amount.trim();
          if (!holdings.some((holding) => holding.tick === tick)) throw new SendError('Choose a token you hold.');
          if (!AMOUNT.test(typed) || /^0(\.0*)?$/.test(typed)) throw new SendError('Enter an amount above zero.');
          if (!ADDRESS_PATTERN.test(to)) throw new SendError('Enter a Bitcoin address (bc1..., 1... or 3...).');
          const built = await build(
            '/api/wallet/create/src20-issuance',
            {
              source: from,
              type: 'transfer',
              tick,
              amount: typed,
              destination: to,
              isPsbt: true,
              desiredFeeRate: feeRate,
            },
            from,
          );
          if (!built.txs.every((tx) => tx.review.outputs.some((output) => output.address === to))) {
            throw new SendError('This transaction does not pay the recipient: refused');
          }
          return built;
        }}
        onSent={onSent}
        onDone={() => {
          setAmount('');
          setRound((value) => value + 1);
        }}
      >
        {(editing) => (
          <fieldset className="form" disabled={!editing}>
            <label className="field" htmlFor={`${id}-tick`}>
              Token
              <select
                id={`${id}-tick`}
                value={tick}
                onChange={(event) => {
                  setTick(event.target.value);
                }}
              >
                {holdings.map((holding) => (
                  <option key={holding.tick} value={holding.tick}>
                    {holding.tick} ({holding.balance})
                  </option>
                ))}
              </select>
            </label>
            <label className="field" htmlFor={`${id}-amount`}>
              Amount
              <input
                id={`${id}-amount`}
                value={amount}
                inputMode="decimal"
                autoComplete="off"
                onChange={(event) => {
                  setAmount(event.target.value);
                }}
              />
            </label>
            <label className="field" htmlFor={`${id}-to`}>
              To
              <input
                id={`${id}-to`}
                value={destination}
                autoComplete="off"
                spellCheck={false}
                placeholder="bc1q..."
                onChange={(event) => {
                  setDestination(event.target.value);
                }}
              />
            </label>
          </fieldset>
        )}
      </TxFlow>
    </section>
  );
}
