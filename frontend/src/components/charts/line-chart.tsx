import { useCallback } from 'react';
import { ChartFigure } from './chart-figure';
import {
  hasChartPoints,
  lineChartConfig,
  lineColor,
  linesChartConfig,
  type ChartLine,
  type ChartPoint,
  type ChartTheme,
} from './chart-rules';

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

type LinesChartProps = {
  title: string;
  /** A text equivalent of the chart for assistive technology. */
  summary: string;
  /** Memoize them: new lines draw the chart anew. */
  lines: readonly ChartLine[];
  /** How an x and a y value read (stable functions). */
  formatX: (x: number) => string;
  formatY: (y: number) => string;
  height?: number;
  className?: string;
};

/**
 * Several lines over one x axis (Chart.js), with a legend naming each line by its colour; hidden, per spec, under 2
 * points.
 */
export function LinesChart({ title, summary, lines, formatX, formatY, height = 200, className }: LinesChartProps) {
  const build = useCallback(
    (theme: ChartTheme) => linesChartConfig({ lines, formatX, formatY }, theme),
    [lines, formatX, formatY],
  );
  if (!hasChartPoints(Math.max(0, ...lines.map((line) => line.points.length)))) return null;
  return (
    <ChartFigure title={title} summary={summary} build={build} height={height} className={className}>
      <ul className="chart-legend" aria-label="Legend">
        {lines.map((line, index) => (
          <li key={line.label} className="chart-legend__item">
            <span
              className="chart-legend__swatch"
              style={{ background: lineColor(index, 'var(--accent)') }}
              aria-hidden="true"
            />
            <span className="chart-legend__label">{line.label}</span>
          </li>
        ))}
      </ul>
    </ChartFigure>
  );
}
