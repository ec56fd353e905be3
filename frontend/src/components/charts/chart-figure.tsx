import { lazy, Suspense, useId, type CSSProperties, type ReactNode } from 'react';
import type { BuildChart } from './chart-canvas';

// Chart.js arrives with the first chart shown, never with a page's own code.
const ChartCanvas = lazy(() => import('./chart-canvas'));

type ChartFigureProps = {
  title: string;
  /** The chart's text equivalent for assistive technology. */
  summary: string;
  /** Memoize it (useCallback): a new function draws the chart anew. */
  build: BuildChart;
  /** The plot's height in px: reserved before Chart.js arrives, so nothing moves when it draws. */
  height: number;
  /** What goes under the plot (a legend). */
  children?: ReactNode;
  className?: string;
};

/** A titled chart drawn by Chart.js in a box of fixed height; the callers hide it under 2 points. */
export function ChartFigure({ title, summary, build, height, children, className }: ChartFigureProps) {
  const titleId = useId();
  const style = { '--chart-height': `${String(height)}px` } as CSSProperties;
  return (
    <figure className={className ? `chart ${className}` : 'chart'} aria-labelledby={titleId}>
      <figcaption id={titleId} className="chart__title">
        {title}
      </figcaption>
      <div className="chart__plot" style={style}>
        <Suspense fallback={null}>
          <ChartCanvas build={build} summary={summary} />
        </Suspense>
      </div>
      {children}
    </figure>
  );
}
