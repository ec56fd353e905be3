import type { FeeRecord } from '@/lib/market-records';

/** The fee options (spec §9), in the dialog's order; Ninja Optimized is the default. */
export const FEE_CHOICES = [
  { id: 'optimal', label: 'Ninja Optimized' },
  { id: 'fastest', label: 'Fastest' },
  { id: 'halfHour', label: 'Half hour' },
  { id: 'hour', label: 'Hour' },
] as const;

export type FeeChoice = (typeof FEE_CHOICES)[number]['id'];

/** What 'Ninja Optimized' asks the server for: its own optimized rate. */
export const NINJA_OPTIMIZED_RATE = -1;

/** The rate of an option in sat/vB: the oracle's optimal, fastest, half-hour or hour rate. */
export function feeRateOf(choice: FeeChoice, fees: FeeRecord): number {
  switch (choice) {
    case 'optimal':
      return fees.optimalFee;
    case 'fastest':
      return fees.fastestFee;
    case 'halfHour':
      return fees.halfHourFee;
    case 'hour':
      return fees.hourFee;
  }
}

/** The `desiredFeeRate` of the create call: -1 for Ninja Optimized, else the option's rate. */
export function desiredFeeRate(choice: FeeChoice, fees: FeeRecord): number {
  return choice === 'optimal' ? NINJA_OPTIMIZED_RATE : feeRateOf(choice, fees);
}

/** A rate for display: "8.5 sat/vB". */
export function formatRate(rate: number): string {
  return `${String(Math.round(rate * 1000) / 1000)} sat/vB`;
}
