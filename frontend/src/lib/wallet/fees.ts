import type { FeeRecord } from '@/lib/market-records';

/** The fee options (spec §9), in the dialogs' order; Ninja Optimized is the default. */
export const FEE_CHOICES = [
  { id: 'optimal', label: 'Ninja Optimized' },
  { id: 'fastest', label: 'Fastest' },
  { id: 'halfHour', label: 'Half hour' },
  { id: 'hour', label: 'Hour' },
] as const;

export type FeeChoice = (typeof FEE_CHOICES)[number]['id'];

/** What 'Ninja Optimized' asks the server for: its own optimized rate. */
export const NINJA_OPTIMIZED_RATE = -1;

/**
 * The rate of an option in sat/vB: the oracle's optimal, fastest, half-hour or hour rate. When `urgent` (an SRC-20
 * mint past half its supply, spec §9), Ninja Optimized is the buy fee (the fastest rate plus 2%) instead.
 */
export function feeRateOf(choice: FeeChoice, fees: FeeRecord, urgent = false): number {
  switch (choice) {
    case 'optimal':
      return urgent ? fees.buyFee : fees.optimalFee;
    case 'fastest':
      return fees.fastestFee;
    case 'halfHour':
      return fees.halfHourFee;
    case 'hour':
      return fees.hourFee;
  }
}

/**
 * The `desiredFeeRate` of a create call: -1 for Ninja Optimized (the server's optimal rate), else the option's rate;
 * when `urgent`, Ninja Optimized asks for the buy fee itself.
 */
export function desiredFeeRate(choice: FeeChoice, fees: FeeRecord, urgent = false): number {
  return choice === 'optimal' && !urgent ? NINJA_OPTIMIZED_RATE : feeRateOf(choice, fees, urgent);
}

/** A rate for display: "8.5 sat/vB". */
export function formatRate(rate: number): string {
  return `${String(Math.round(rate * 1000) / 1000)} sat/vB`;
}

const ZERO = BigInt(0);
const THOUSAND = BigInt(1000);

/** `numerator / denominator` rounded up (both positive). */
export function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - BigInt(1)) / denominator;
}

/** A fee rate in milli-sat/vB (rates may have decimals: 8.5), so that fees are integer arithmetic. */
export function milliRate(feeRate: number): bigint {
  return Number.isFinite(feeRate) && feeRate > 0 ? BigInt(Math.round(feeRate * 1000)) : ZERO;
}

/** The satoshis `vsize` vbytes cost at `feeRate` sat/vB, rounded up. */
export function networkFee(vsize: number, feeRate: number): bigint {
  return ceilDiv(BigInt(vsize) * milliRate(feeRate), THOUSAND);
}

/** Whether an address is bech32 (bc1...): its inputs and outputs are smaller. */
export function isBech32(address: string): boolean {
  return address.toLowerCase().startsWith('bc1');
}
