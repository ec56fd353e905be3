import { render, screen, waitFor } from '@testing-library/react';
import type { ActiveElement, ChartEvent } from 'chart.js';
import { describe, expect, it, vi } from 'vitest';
import { BarChart, barChartHeight } from './bar-chart';
import {
  barChartConfig,
  FALLBACK_THEME,
  hasChartPoints,
  lineChartConfig,
  lineColor,
  linesChartConfig,
  MIN_CHART_POINTS,
  pieChartConfig,
  sliceColor,
} from './chart-rules';
import { LineChart, LinesChart } from './line-chart';

const format = (value: number) => `v${String(value)}`;

describe('the chart rule', () => {
  it('hides a chart under 2 points', () => {
    expect(MIN_CHART_POINTS).toBe(2);
    expect(hasChartPoints(0)).toBe(false);
    expect(hasChartPoints(1)).toBe(false);
    expect(hasChartPoints(2)).toBe(true);
  });
});

describe('LineChart', () => {
  it('is hidden under 2 points', () => {
    const { container } = render(
      <LineChart title="Sales" summary="s" label="Price" formatX={format} formatY={format} points={[{ x: 1, y: 1 }]} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('reserves its plot, names it with the summary and draws on a canvas from 2 points', async () => {
    render(
      <LineChart
        title="Sales"
        summary="2 sales"
        label="Price"
        formatX={format}
        formatY={format}
        points={[
          { x: 1, y: 1 },
          { x: 2, y: 3 },
        ]}
        height={180}
      />,
    );
    expect(screen.getByRole('figure', { name: 'Sales' })).toBeInTheDocument();
    const plot = screen.getByRole('img', { name: '2 sales' });
    expect(plot).toHaveStyle({ '--chart-height': '180px' });
    await waitFor(() => {
      expect(plot.querySelector('canvas')).not.toBeNull();
    });
  });
});

describe('LinesChart', () => {
  const two = [
    { x: 1, y: 1 },
    { x: 2, y: 3 },
  ];

  it('is hidden under 2 points on every line', () => {
    const { container } = render(
      <LinesChart
        title="T"
        summary="s"
        formatX={format}
        formatY={format}
        lines={[
          { label: 'a', points: [{ x: 1, y: 1 }] },
          { label: 'b', points: [] },
        ]}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('names its plot with the summary and lists its lines in a legend', () => {
    render(
      <LinesChart
        title="Latency"
        summary="3 lines"
        formatX={format}
        formatY={format}
        lines={[
          { label: 'p50', points: two },
          { label: 'p99', points: two },
        ]}
      />,
    );
    expect(screen.getByRole('figure', { name: 'Latency' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '3 lines' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Legend' })).toHaveTextContent('p50p99');
  });
});

describe('BarChart', () => {
  it('is hidden under 2 bars and sized by its bars', () => {
    const { container } = render(<BarChart title="T" summary="s" bars={[{ label: 'A', value: 1, valueText: '1' }]} />);
    expect(container).toBeEmptyDOMElement();
    expect(barChartHeight(20)).toBeGreaterThan(barChartHeight(2));
  });
});

describe('chart configurations', () => {
  it('draws a line from 0 with the points as given and the formatters on the axes and tooltip', () => {
    const config = lineChartConfig(
      {
        points: [
          { x: 10, y: 5 },
          { x: 20, y: 7 },
        ],
        label: 'Minted',
        formatX: format,
        formatY: format,
        area: true,
      },
      FALLBACK_THEME,
    );
    const dataset = config.data.datasets[0];
    expect(dataset?.data).toEqual([
      { x: 10, y: 5 },
      { x: 20, y: 7 },
    ]);
    expect(dataset?.fill).toBe('origin');
    expect(dataset?.borderColor).toBe(FALLBACK_THEME.accent);
    const y = config.options?.scales?.y;
    expect(y && 'beginAtZero' in y && y.beginAtZero).toBe(true);
  });

  it('draws several lines in their colours, the tooltip naming each at the x pointed at', () => {
    const config = linesChartConfig(
      {
        lines: [
          { label: 'Requests', points: [{ x: 10, y: 5 }] },
          {
            label: 'Visitors',
            points: [
              { x: 10, y: 2 },
              { x: 30, y: 1 },
            ],
          },
        ],
        formatX: format,
        formatY: format,
      },
      FALLBACK_THEME,
    );
    const [first, second] = config.data.datasets;
    expect(first?.label).toBe('Requests');
    expect(first?.borderColor).toBe(FALLBACK_THEME.accent);
    expect(second?.borderColor).toBe(sliceColor(1));
    expect(second?.fill).toBe(false);
    expect(config.options?.interaction?.mode).toBe('index');
    const x = config.options?.scales?.x;
    expect(x && 'min' in x && [x.min, x.max]).toEqual([10, 30]);
    expect(lineColor(0, 'var(--accent)')).toBe('var(--accent)');
    expect(lineColor(2, 'var(--accent)')).toBe(sliceColor(2));
  });

  it('draws horizontal bars with their labels, and a click opens the bar', () => {
    const onSelect = vi.fn();
    const config = barChartConfig(
      {
        bars: [
          { label: 'KEVIN', value: 30, valueText: '30 mints' },
          { label: 'PEPE', value: 12, valueText: '12 mints' },
        ],
        onSelect,
      },
      FALLBACK_THEME,
    );
    expect(config.options?.indexAxis).toBe('y');
    expect(config.data.labels).toEqual(['KEVIN', 'PEPE']);
    expect(config.data.datasets[0]?.data).toEqual([30, 12]);
    const click = config.options?.onClick as unknown as (event: ChartEvent, elements: ActiveElement[]) => void;
    click({} as ChartEvent, [{ index: 1 } as ActiveElement]);
    expect(onSelect).toHaveBeenCalledWith(1);
  });

  it('draws a pie of the slices in their colours, without the canvas legend', () => {
    const config = pieChartConfig(
      [
        { label: 'a', value: 3, valueText: '75%', color: sliceColor(0) },
        { label: 'b', value: 1, valueText: '25%', color: sliceColor(1) },
      ],
      FALLBACK_THEME,
    );
    expect(config.data.datasets[0]?.data).toEqual([3, 1]);
    expect(config.data.datasets[0]?.backgroundColor).toEqual([sliceColor(0), sliceColor(1)]);
    expect(config.options?.plugins?.legend?.display).toBe(false);
  });

  it('gives 50 distinct slice colours', () => {
    const colors = Array.from({ length: 50 }, (_, index) => sliceColor(index));
    expect(new Set(colors).size).toBe(50);
  });
});
