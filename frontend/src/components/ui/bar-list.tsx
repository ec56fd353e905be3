import { useId, type ReactNode } from 'react';

/** The spec's rule for every chart: fewer than 2 points and it is not shown. */
export const MIN_CHART_POINTS = 2;

/** One bar: its label, the value it is drawn at, and the value as shown. */
export type Bar = {
  key: string;
  label: ReactNode;
  /** The bar's length relative to the longest one (geometry only). */
  value: number;
  /** The value as text, exact. */
  valueText: string;
};

type BarListProps = {
  title: string;
  bars: Bar[];
  /** Below this many bars nothing is rendered (the chart rule by default). */
  minBars?: number;
};

/**
 * A horizontal bar chart as an ordered list: each row reads as "label, value" to assistive technology, the bars
 * are decoration. Lighter than a chart library, and accessible by construction.
 */
export function BarList({ title, bars, minBars = MIN_CHART_POINTS }: BarListProps) {
  const titleId = useId();
  if (bars.length < minBars) return null;
  const longest = Math.max(...bars.map((bar) => bar.value), 0);
  return (
    <figure className="bar-list" aria-labelledby={titleId}>
      <figcaption id={titleId} className="bar-list__title">{title}</figcaption>
      <ol className="bar-list__rows">
        {bars.map((bar) => (
          <li key={bar.key} className="bar-list__row">
            <span className="bar-list__label">{bar.label}</span>
            <span className="bar-list__track" aria-hidden="true">
              <span
                className="bar-list__bar"
                style={{ width: `${String(longest > 0 ? Math.max(1, (bar.value / longest) * 100) : 0)}%` }}
              />
            </span>
            <span className="bar-list__value">{bar.valueText}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}
