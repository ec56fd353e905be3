import type { ChartConfiguration, TooltipItem } from 'chart.js';

/** The spec's rule for every chart: with fewer than 2 points it is not shown. */
export const MIN_CHART_POINTS = 2;

/** Whether a chart of `count` points is shown. */
export function hasChartPoints(count: number): boolean {
  return count >= MIN_CHART_POINTS;
}

/** The page's colours a chart is drawn with (read from the stylesheet, so each site variant keeps its accent). */
export type ChartTheme = {
  accent: string;
  text: string;
  muted: string;
  grid: string;
  surface: string;
};

/** The colours used where the stylesheet cannot be read (tests, a detached canvas). */
export const FALLBACK_THEME: ChartTheme = {
  accent: '#f7931a',
  text: '#ececf1',
  muted: '#9a9aa8',
  grid: '#30303b',
  surface: '#1a1a21',
};

/**
 * The colour of a pie's `index`-th slice: hues a golden angle apart, so that neighbours differ and 50 slices stay
 * distinguishable. The legend's swatches use the same function.
 */
export function sliceColor(index: number): string {
  const hue = Math.round((31 + index * 137.508) % 360);
  const lightness = 48 + (index % 3) * 10;
  return `hsl(${hue} 70% ${lightness}%)`;
}

/** A colour with transparency, for areas under a line. */
function translucent(color: string, alpha: number): string {
  const hsl = /^hsl\(([^/)]+)\)$/.exec(color.trim());
  if (hsl?.[1]) return `hsl(${hsl[1].trim()} / ${alpha})`;
  const hex = /^#([0-9a-f]{6})$/i.exec(color.trim());
  if (!hex?.[1]) return color;
  const value = parseInt(hex[1], 16);
  return `rgb(${(value >> 16) & 255} ${(value >> 8) & 255} ${value & 255} / ${alpha})`;
}

/** One point of a line chart: `x` and `y` place it; the formatters say how its values read. */
export type ChartPoint = { x: number; y: number };

export type LineChartSpec = {
  points: readonly ChartPoint[];
  /** The series' name in the tooltip. */
  label: string;
  formatX: (x: number) => string;
  formatY: (y: number) => string;
  /** Fills the area under the line. */
  area?: boolean;
};

/** A line drawn with others over the same x axis: its name (tooltip, legend) and its points. */
export type ChartLine = { label: string; points: readonly ChartPoint[] };

export type LinesChartSpec = {
  /** The lines, in the order of their colours (`lineColor`). */
  lines: readonly ChartLine[];
  formatX: (x: number) => string;
  formatY: (y: number) => string;
  /** Fills the area under each line. */
  area?: boolean;
};

/**
 * The colour of a chart's `index`-th line: the page's accent for the first, then the pie's slice colours, so that
 * the lines differ. `accent` is what stands for the accent: the theme's colour on the canvas, a CSS variable in a
 * legend.
 */
export function lineColor(index: number, accent: string): string {
  return index === 0 ? accent : sliceColor(index);
}

/** A line over a linear x axis (times or block heights), y from 0. */
export function lineChartConfig(spec: LineChartSpec, theme: ChartTheme): ChartConfiguration<'line', ChartPoint[]> {
  const { points, label, formatX, formatY, area } = spec;
  return linesChartConfig({ lines: [{ label, points }], formatX, formatY, area }, theme);
}

/**
 * Lines over one linear x axis (times or block heights), y from 0, each in its colour. With several lines, the
 * tooltip names every line's value at the x pointed at.
 */
export function linesChartConfig(spec: LinesChartSpec, theme: ChartTheme): ChartConfiguration<'line', ChartPoint[]> {
  const xs = spec.lines.flatMap((line) => line.points.map((point) => point.x));
  const several = spec.lines.length > 1;
  return {
    type: 'line',
    data: {
      datasets: spec.lines.map((line, index) => {
        const color = lineColor(index, theme.accent);
        return {
          label: line.label,
          data: line.points.map((point) => ({ x: point.x, y: point.y })),
          borderColor: color,
          backgroundColor: translucent(color, 0.25),
          fill: spec.area ? 'origin' : false,
          pointRadius: line.points.length > 60 ? 0 : 3,
          pointHoverRadius: 5,
          borderWidth: 2,
          tension: 0,
        };
      }),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      parsing: false,
      normalized: true,
      interaction: { mode: several ? 'index' : 'nearest', intersect: false },
      scales: {
        x: {
          type: 'linear',
          // The axis spans the data, not rounder bounds around it.
          min: Math.min(...xs),
          max: Math.max(...xs),
          grid: { color: theme.grid },
          ticks: {
            color: theme.muted,
            maxTicksLimit: 5,
            maxRotation: 0,
            callback: (value) => spec.formatX(Number(value)),
          },
        },
        y: {
          type: 'linear',
          beginAtZero: true,
          grid: { color: theme.grid },
          ticks: { color: theme.muted, maxTicksLimit: 5, callback: (value) => spec.formatY(Number(value)) },
        },
      },
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            title: (items: TooltipItem<'line'>[]) => (items[0] ? spec.formatX(items[0].parsed.x ?? 0) : ''),
            label: (item: TooltipItem<'line'>) => `${item.dataset.label ?? ''}: ${spec.formatY(item.parsed.y ?? 0)}`,
          },
        },
      },
    },
  };
}

/** One bar: its label on the axis, the value it is drawn at, and the value as the tooltip says it. */
export type ChartBar = { label: string; value: number; valueText: string };

export type BarChartSpec = {
  bars: readonly ChartBar[];
  /** Called with the index of a clicked bar. */
  onSelect?: (index: number) => void;
};

/** Horizontal bars, the longest first as given, labels on the left. */
export function barChartConfig(spec: BarChartSpec, theme: ChartTheme): ChartConfiguration<'bar', number[], string> {
  const { onSelect } = spec;
  return {
    type: 'bar',
    data: {
      labels: spec.bars.map((bar) => bar.label),
      datasets: [
        {
          data: spec.bars.map((bar) => bar.value),
          backgroundColor: theme.accent,
          borderRadius: 4,
          barPercentage: 0.8,
          categoryPercentage: 0.9,
        },
      ],
    },
    options: {
      indexAxis: 'y',
      responsive: true,
      maintainAspectRatio: false,
      scales: {
        x: { beginAtZero: true, grid: { color: theme.grid }, ticks: { color: theme.muted, maxTicksLimit: 5 } },
        y: { grid: { display: false }, ticks: { color: theme.text, autoSkip: false } },
      },
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: { label: (item: TooltipItem<'bar'>) => spec.bars[item.dataIndex]?.valueText ?? '' },
        },
      },
      ...(onSelect
        ? {
            onClick: (_event, elements) => {
              const index = elements[0]?.index;
              if (index !== undefined) onSelect(index);
            },
            onHover: (event, elements) => {
              const target = event.native?.target;
              if (target instanceof HTMLElement) target.style.cursor = elements.length ? 'pointer' : 'default';
            },
          }
        : {}),
    },
  };
}

/** A pie slice: its name, the value it is drawn at, the value as the tooltip says it, and its colour. */
export type ChartSlice = { label: string; value: number; valueText: string; color: string };

/** A pie; the page draws its own legend (so it can hold links and read as a list). */
export function pieChartConfig(
  slices: readonly ChartSlice[],
  theme: ChartTheme,
): ChartConfiguration<'pie', number[], string> {
  return {
    type: 'pie',
    data: {
      labels: slices.map((slice) => slice.label),
      datasets: [
        {
          data: slices.map((slice) => slice.value),
          backgroundColor: slices.map((slice) => slice.color),
          borderColor: theme.surface,
          borderWidth: 1,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            label: (item: TooltipItem<'pie'>) => {
              const slice = slices[item.dataIndex];
              return slice ? `${slice.label}: ${slice.valueText}` : '';
            },
          },
        },
      },
    },
  };
}
