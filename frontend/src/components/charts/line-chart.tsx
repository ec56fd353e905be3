import { useCallback } from 'react';
import { ChartFigure } from './chart-figure';
import { hasChartPoints, lineChartConfig, type ChartPoint, type ChartTheme } from './chart-rules';

type LineChartProps = {
  title: string;
  /** A text equivalent of the chart for assistive technology. */
  summary: string;
  /** Memoize them: new points draw the chart anew. */
  points: readonly ChartPoint[];
  /** The series' name in the tooltip. */
  label: string;
  /** How an x and a y value read (stable functions). */
  formatX: (x: number) => string;
  formatY: (y: number) => string;
  /** Fills the area under the line. */
  area?: boolean;
  height?: number;
  className?: string;
};

/** A line chart (Chart.js); hidden, per spec, under 2 points. */
export function LineChart({
  title,
  summary,
  points,
  label,
  formatX,
  formatY,
  area = false,
  height = 200,
  className,
}: LineChartProps) {
  const build = useCallback(
    (theme: ChartTheme) => lineChartConfig({ points, label, formatX, formatY, area }, theme),
    [points, label, formatX, formatY, area],
  );
  if (!hasChartPoints(points.length)) return null;
  return <ChartFigure title={title} summary={summary} build={build} height={height} className={className} />;
}
