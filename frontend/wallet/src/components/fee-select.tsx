import type { FeeRates } from '../send';

/** The fee options: the fee oracle's optimal rate (-1: the server's own), or one of its three targets. */
export type FeeChoice = 'optimal' | 'fastest' | 'halfHour' | 'hour';

/** The `desiredFeeRate` a choice asks the server for: -1 for optimal, or the rate itself. */
export function feeRateOf(choice: FeeChoice, rates: FeeRates | null): number {
  if (choice === 'optimal' || !rates) return -1;
  return { fastest: rates.fastestFee, halfHour: rates.halfHourFee, hour: rates.hourFee }[choice];
}

/** The fee option list, each with its rate once the fee oracle has answered. */
export function FeeSelect({
  id,
  value,
  rates,
  disabled,
  onChange,
}: {
  id: string;
  value: FeeChoice;
  rates: FeeRates | null;
  disabled: boolean;
  onChange: (choice: FeeChoice) => void;
}) {
  return (
    <label className="field" htmlFor={id}>
      Fee
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          onChange(event.target.value as FeeChoice);
        }}
      >
        <option value="optimal">Optimal{rates ? ` (${String(rates.optimalFee)} sat/vB)` : ''}</option>
        <option value="fastest" disabled={!rates}>
          Fastest{rates ? ` (${String(rates.fastestFee)} sat/vB)` : ''}
        </option>
        <option value="halfHour" disabled={!rates}>
          Half an hour{rates ? ` (${String(rates.halfHourFee)} sat/vB)` : ''}
        </option>
        <option value="hour" disabled={!rates}>
          An hour{rates ? ` (${String(rates.hourFee)} sat/vB)` : ''}
        </option>
      </select>
    </label>
  );
}
