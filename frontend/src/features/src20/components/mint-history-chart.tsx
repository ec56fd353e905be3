import { useMemo } from 'react';
import { LineChart } from '@/components/charts/line-chart';
import { abbreviateDecimal, formatInteger } from '@/utils/format';
import type { Src20MintPoint } from '../types';

function blockTick(block: number): string {
  return `Block ${formatInteger(Math.round(block))}`;
}

function suppliedTick(minted: number): string {
  return abbreviateDecimal(minted.toFixed(0));
}

/**
 * The supply minted over blocks (Chart.js); hidden under 2 points. The minted strings become numbers only to place
 * the points; the summary keeps the exact values.
 */
export function MintHistoryChart({ points, tick }: { points: Src20MintPoint[]; tick: string }) {
  const chartPoints = useMemo(
    () => points.map((point) => ({ x: point.blockIndex, y: Number(point.minted) })),
    [points],
  );
  const first = points[0];
  const last = points[points.length - 1];
  const summary =
    first && last
      ? `${tick} minted supply: ${abbreviateDecimal(first.minted)} at block ${formatInteger(first.blockIndex)}, ` +
        `${abbreviateDecimal(last.minted)} at block ${formatInteger(last.blockIndex)}, ` +
        `over ${formatInteger(points.length)} blocks with mints`
      : '';
  return (
    <LineChart
      title="Mint history"
      label="Minted"
      summary={summary}
      points={chartPoints}
      formatX={blockTick}
      formatY={suppliedTick}
      area
      height={220}
    />
  );
}
