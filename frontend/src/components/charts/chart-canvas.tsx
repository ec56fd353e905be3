import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { FALLBACK_THEME, type ChartTheme } from './chart-rules';

// Only what the site's charts use, so the rest of Chart.js stays out of the bundle.
Chart.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  Tooltip,
);
// The page's own font (the stylesheet's stack).
Chart.defaults.font.family = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

/** Builds a chart's configuration from the page's colours. */
export type BuildChart = (theme: ChartTheme) => ChartConfiguration;

function cssColor(style: CSSStyleDeclaration, name: string, fallback: string): string {
  return style.getPropertyValue(name).trim() || fallback;
}

/** The page's colours as the stylesheet sets them around `element`. */
function readTheme(element: Element): ChartTheme {
  const style = getComputedStyle(element);
  return {
    accent: cssColor(style, '--accent', FALLBACK_THEME.accent),
    text: cssColor(style, '--text', FALLBACK_THEME.text),
    muted: cssColor(style, '--muted', FALLBACK_THEME.muted),
    grid: cssColor(style, '--border', FALLBACK_THEME.grid),
    surface: cssColor(style, '--surface', FALLBACK_THEME.surface),
  };
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

type ChartCanvasProps = {
  /** Memoize it: a new function draws the chart anew. */
  build: BuildChart;
};

/**
 * A Chart.js chart on a canvas filling its (sized) parent, which carries the chart's text equivalent; loaded on
 * demand with Chart.js.
 */
export default function ChartCanvas({ build }: ChartCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    // No 2D context (a test's DOM): nothing to draw on.
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const config = build(readTheme(canvas));
    if (prefersReducedMotion()) config.options = { ...config.options, animation: false };
    const chart = new Chart(context, config);
    return () => {
      chart.destroy();
    };
  }, [build]);
  return <canvas ref={canvasRef} className="chart__canvas" aria-hidden="true" />;
}
