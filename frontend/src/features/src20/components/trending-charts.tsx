import { Link } from 'react-router';
import { BarList, type Bar } from '@/components/ui/bar-list';
import { paths } from '@/config/paths';
import { formatInteger } from '@/utils/format';
import { useGetSrc20TrendingQuery } from '../api';
import type { Src20Chart } from '../types';

function bars(chart: Src20Chart | undefined): Bar[] {
  return (chart?.tuple ?? []).map(([tick, count]) => ({
    key: tick,
    label: <Link to={paths.src20Tick.getHref(tick)}>{tick}</Link>,
    value: count,
    valueText: formatInteger(count),
  }));
}

/**
 * The trending mint and transfer charts: the ticks with most operations among the latest 1,000 valid ones. Each
 * chart hides under 2 points; a failure hides them too (they are an extra, the finder below still works).
 */
export function TrendingCharts() {
  const { data } = useGetSrc20TrendingQuery(undefined);
  const mint = bars(data?.mint);
  const transfer = bars(data?.transfer);
  if (mint.length < 2 && transfer.length < 2) return null;
  return (
    <section className="trending" aria-label="Trending">
      <BarList title="Trending mints (last 1k valid)" bars={mint} />
      <BarList title="Trending transfers (last 1k valid)" bars={transfer} />
    </section>
  );
}
