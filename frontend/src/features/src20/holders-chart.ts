import { sliceColor, type ChartSlice } from '@/components/charts/chart-rules';
import { abbreviateDecimal, formatPercent, shortenAddress } from '@/utils/format';
import type { Src20Holder } from './types';

/** The spec's holders legend: the top 50. */
export const HOLDERS_LEGEND_SIZE = 50;

/** The share of the supply nobody minted yet: never a holder of the chart (spec: 'Unclaimed' excluded). */
export const UNCLAIMED = 'Unclaimed';

/** One holder of the pie: its slice, and its address for the legend's link. */
export type HolderSlice = ChartSlice & { address: string; percentage: string; amount: string };

/**
 * The holders pie's slices: the 50 largest holders, largest first, 'Unclaimed' left out; each slice drawn at its
 * amount, its text the share of the max and the amount (exact strings, abbreviated).
 */
export function holderSlices(holders: readonly Src20Holder[]): HolderSlice[] {
  return holders
    .filter((holder) => holder.address.toLowerCase() !== UNCLAIMED.toLowerCase())
    .slice(0, HOLDERS_LEGEND_SIZE)
    .map((holder, index) => ({
      address: holder.address,
      percentage: holder.percentage,
      amount: holder.amount,
      label: shortenAddress(holder.address),
      value: Number(holder.amount),
      valueText: `${formatPercent(holder.percentage)} (${abbreviateDecimal(holder.amount)})`,
      color: sliceColor(index),
    }));
}
