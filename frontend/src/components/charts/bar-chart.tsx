import { useCallback } from 'react';
import { ChartFigure } from './chart-figure';
import { barChartConfig, hasChartPoints, type ChartBar, type ChartTheme } from './chart-rules';

/** Each bar's height in px, with its gap. */
const BAR_ROW = 24;
/** Room for the value axis. */
const AXIS = 36;

type BarChartProps = {
  title: string;
  /** A text equivalent of the chart for assistive technology. */
  summary: string;
  /** Memoize them: new bars draw the chart anew. */
  bars: readonly ChartBar[];
  /** Called with the index of a clicked bar (a stable function). */
  onSelect?: (index: number) => void;
};

/** The height of a chart of `count` bars, in px. */
export function barChartHeight(count: number): number {
  return AXIS + count * BAR_ROW;
}

/** A horizontal bar chart (Chart.js); hidden, per spec, under 2 bars. */
export function BarChart({ title, summary, bars, onSelect }: BarChartProps) {
  const build = useCallback((theme: ChartTheme) => barChartConfig({ bars, onSelect }, theme), [bars, onSelect]);
  if (!hasChartPoints(bars.length)) return null;
  return <ChartFigure title={title} summary={summary} build={build} height={barChartHeight(bars.length)} />;
}
