import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { BarChart } from '@/components/charts/bar-chart';
import type { ChartBar } from '@/components/charts/chart-rules';
import { paths } from '@/config/paths';
import { useSettledOnce } from '@/lib/use-settled-once';
import { formatInteger } from '@/utils/format';
import { useGetSrc20TrendingQuery } from '../api';
import type { Src20Chart } from '../types';

/** A trending chart's pairs as bars, and its text equivalent. */
export function trendingBars(chart: Src20Chart | undefined, what: string): { bars: ChartBar[]; summary: string } {
  const tuple = chart?.tuple ?? [];
  const bars = tuple.map(([tick, count]) => ({
    label: tick,
    value: count,
    valueText: `${formatInteger(count)} ${what}`,
  }));
  return { bars, summary: tuple.map(([tick, count]) => `${tick}: ${formatInteger(count)} ${what}`).join(', ') };
}

function TrendingChart({ title, chart, what }: { title: string; chart: Src20Chart | undefined; what: string }) {
  const navigate = useNavigate();
  const { bars, summary } = useMemo(() => trendingBars(chart, what), [chart, what]);
  const open = useCallback(
    (index: number) => {
      const bar = bars[index];
      if (bar) void navigate(paths.src20Tick.getHref(bar.label));
    },
    [bars, navigate],
  );
  return <BarChart title={title} summary={`${title}: ${summary}`} bars={bars} onSelect={open} />;
}

/** Whether the trending call has answered (with charts or a failure), so the page below them can show. */
export function useTrendingSettled(): boolean {
  return useSettledOnce(!useGetSrc20TrendingQuery(undefined).isLoading);
}

/**
 * The trending mint and transfer charts (Chart.js): the ticks with most operations among the latest 1,000 valid
 * ones; a bar opens its tick. Each chart hides under 2 points; a failure hides them too (they are an extra, the
 * finder below still works).
 */
export function TrendingCharts() {
  const { data } = useGetSrc20TrendingQuery(undefined);
  const mints = data?.mint.tuple.length ?? 0;
  const transfers = data?.transfer.tuple.length ?? 0;
  if (mints < 2 && transfers < 2) return null;
  return (
    <section className="trending" aria-label="Trending">
      <TrendingChart title="Trending mints (last 1k valid)" chart={data?.mint} what="mints" />
      <TrendingChart title="Trending transfers (last 1k valid)" chart={data?.transfer} what="transfers" />
    </section>
  );
}
