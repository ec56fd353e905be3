import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { ChartFigure } from '@/components/charts/chart-figure';
import { pieChartConfig, type ChartTheme } from '@/components/charts/chart-rules';
import { paths } from '@/config/paths';
import { formatInteger } from '@/utils/format';
import { holderSlices } from '../holders-chart';
import type { Src20Holder } from '../types';

/**
 * The holders pie chart (Chart.js) with its legend: the top 50 holders, 'Unclaimed' excluded, each with its share of
 * the max and a link to its profile.
 */
export function HoldersPie({ holders, tick }: { holders: Src20Holder[]; tick: string }) {
  const slices = useMemo(() => holderSlices(holders), [holders]);
  const build = useCallback((theme: ChartTheme) => pieChartConfig(slices, theme), [slices]);
  if (slices.length === 0) return null;
  const summary = `${tick} holders: ${slices
    .slice(0, 5)
    .map((slice) => `${slice.label} ${slice.valueText}`)
    .join(', ')}${slices.length > 5 ? `, and ${formatInteger(slices.length - 5)} more` : ''}`;
  return (
    <ChartFigure
      title={`The ${formatInteger(slices.length)} largest holders, share of the max`}
      summary={summary}
      build={build}
      height={240}
      className="holders-pie"
    >
      <ol className="chart-legend" aria-label="Holders legend">
        {slices.map((slice) => (
          <li key={slice.address} className="chart-legend__item">
            <span className="chart-legend__swatch" style={{ background: slice.color }} aria-hidden="true" />
            <Link
              className="text-link mono chart-legend__label"
              to={paths.profile.getHref(slice.address)}
              title={slice.address}
            >
              {slice.label}
            </Link>
            <span className="chart-legend__value">{slice.valueText}</span>
          </li>
        ))}
      </ol>
    </ChartFigure>
  );
}
