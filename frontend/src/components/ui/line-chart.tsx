import { useId } from 'react';
import { MIN_CHART_POINTS } from './bar-list';

const WIDTH = 600;
const HEIGHT = 180;

/** One point of a line chart: `x` and `y` place it (geometry only); the summary carries the exact values. */
export type ChartPoint = { x: number; y: number };

type LineChartProps = {
  title: string;
  points: readonly ChartPoint[];
  /** A text equivalent of the chart for assistive technology. */
  summary: string;
};

/** The SVG path of points scaled into the chart box (x from min to max, y from 0 to max). */
export function chartPolyline(points: readonly ChartPoint[], width = WIDTH, height = HEIGHT): string {
  if (points.length === 0) return '';
  const xs = points.map((point) => point.x);
  const minX = Math.min(...xs);
  const spanX = Math.max(...xs) - minX || 1;
  const top = Math.max(...points.map((point) => point.y), 0) || 1;
  return points
    .map((point) => `${(((point.x - minX) / spanX) * width).toFixed(1)},${(height - (point.y / top) * height).toFixed(1)}`)
    .join(' ');
}

/** A small line chart; hidden, per spec, under 2 points. */
export function LineChart({ title, points, summary }: LineChartProps) {
  const titleId = useId();
  if (points.length < MIN_CHART_POINTS) return null;
  return (
    <figure className="line-chart" aria-labelledby={titleId}>
      <figcaption id={titleId} className="bar-list__title">
        {title}
      </figcaption>
      <svg className="line-chart__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={summary}>
        <polyline className="line-chart__line" points={chartPolyline(points)} fill="none" />
      </svg>
    </figure>
  );
}
