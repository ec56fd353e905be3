import { useId } from 'react';
import type { FeeRecord } from '@/lib/market-records';
import { FEE_CHOICES, feeRateOf, formatRate, type FeeChoice } from '@/lib/wallet/fees';
import { WALLET_MESSAGES } from '@/lib/wallet/messages';

type FeeOptionsProps = {
  choice: FeeChoice;
  onChoose: (choice: FeeChoice) => void;
  /** The oracle's rates; 'Fee is loading...' until they arrive. */
  fees: FeeRecord | undefined;
  /** Ninja Optimized at the buy fee (an SRC-20 mint past half its supply). */
  urgent?: boolean;
};

/** The fee options of the wallet dialogs (spec §9): Ninja Optimized, fastest, half hour, hour, with their rates. */
export function FeeOptions({ choice, onChoose, fees, urgent = false }: FeeOptionsProps) {
  const name = useId();
  return (
    <fieldset className="wallet-fees">
      <legend className="field__label">Fee</legend>
      {FEE_CHOICES.map((option) => (
        <label key={option.id} className="wallet-fees__option">
          <input
            type="radio"
            name={name}
            value={option.id}
            checked={choice === option.id}
            onChange={() => {
              onChoose(option.id);
            }}
          />
          {option.label}
          {fees && <span className="wallet-fees__rate">{formatRate(feeRateOf(option.id, fees, urgent))}</span>}
        </label>
      ))}
      {!fees && (
        <p className="wallet-fees__loading" role="status">
          {WALLET_MESSAGES.feeLoading}
        </p>
      )}
    </fieldset>
  );
}
