import { lazy, Suspense, useId, useRef, type CSSProperties, type ReactNode } from 'react';
import { useNearViewport } from '@/lib/use-near-viewport';
import type { BuildChart } from './chart-canvas';

// Chart.js arrives with the first chart scrolled near, never with a page's own code.
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

/**
 * A titled chart drawn by Chart.js in a box of fixed height, once the box comes near the window (a chart far below
 * the fold costs nothing until then); the callers hide it under 2 points.
 */
export function ChartFigure({ title, summary, build, height, children, className }: ChartFigureProps) {
  const titleId = useId();
  const plotRef = useRef<HTMLDivElement>(null);
  const near = useNearViewport(plotRef);
  const style = { '--chart-height': `${String(height)}px` } as CSSProperties;
  return (
    <figure className={className ? `chart ${className}` : 'chart'} aria-labelledby={titleId}>
      <figcaption id={titleId} className="chart__title">
        {title}
      </figcaption>
      <div ref={plotRef} className="chart__plot" style={style} role="img" aria-label={summary}>
        {near && (
          <Suspense fallback={null}>
            <ChartCanvas build={build} />
          </Suspense>
        )}
      </div>
      {children}
    </figure>
  );
}
