import { useCallback, useMemo } from 'react';
import { LineChart, LinesChart } from '@/components/charts/line-chart';
import { hasChartPoints } from '@/components/charts/chart-rules';
import { formatInteger } from '@/utils/format';
import {
  formatBucketTime,
  formatLatency,
  formatRangeTime,
  formatShare,
  formatShareTick,
  KPI_ORIGIN_LABELS,
  KPI_TOP_SIZE,
  latencySummary,
  mobilePercent,
  mobileSummary,
  trafficSummary,
} from '../kpi-rules';
import type { KpiLog, KpiTotals } from '../types';

const CHART_HEIGHT = 220;

function Totals({ totals }: { totals: KpiTotals }) {
  const figures: [string, string][] = [
    ['Requests', formatInteger(totals.requests)],
    ['Mobile share', formatShare(totals.mobile, totals.requests)],
    ['p50 latency', formatLatency(totals.p50Us)],
    ['p90 latency', formatLatency(totals.p90Us)],
    ['p99 latency', formatLatency(totals.p99Us)],
  ];
  return (
    <dl className="kpi__totals" aria-label="Totals">
      {figures.map(([term, value]) => (
        <div key={term} className="kpi__total">
          <dt className="kpi__total-term">{term}</dt>
          <dd className="kpi__total-value">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Charts({ log }: { log: KpiLog }) {
  const { series, granularity } = log;
  const formatX = useCallback((ms: number) => formatBucketTime(ms, granularity), [granularity]);
  const traffic = useMemo(
    () => [
      { label: 'Requests', points: series.map((bucket) => ({ x: bucket.time, y: bucket.requests })) },
      { label: 'Visitors', points: series.map((bucket) => ({ x: bucket.time, y: bucket.visitors })) },
    ],
    [series],
  );
  const mobile = useMemo(() => series.map((bucket) => ({ x: bucket.time, y: mobilePercent(bucket) })), [series]);
  const latency = useMemo(
    () => [
      { label: 'p50', points: series.map((bucket) => ({ x: bucket.time, y: bucket.p50Us })) },
      { label: 'p90', points: series.map((bucket) => ({ x: bucket.time, y: bucket.p90Us })) },
      { label: 'p99', points: series.map((bucket) => ({ x: bucket.time, y: bucket.p99Us })) },
    ],
    [series],
  );
  if (!hasChartPoints(series.length)) {
    return <p className="empty">Too few {granularity}s in the range to draw charts: choose a longer range.</p>;
  }
  return (
    <div className="kpi__charts">
      <LinesChart
        title="Requests and visitors"
        summary={trafficSummary(log)}
        lines={traffic}
        formatX={formatX}
        formatY={formatInteger}
        height={CHART_HEIGHT}
      />
      <LineChart
        title="Mobile share"
        label="Mobile share"
        summary={mobileSummary(log)}
        points={mobile}
        formatX={formatX}
        formatY={formatShareTick}
        area
        height={CHART_HEIGHT}
      />
      <LinesChart
        title="Latency"
        summary={latencySummary(log)}
        lines={latency}
        formatX={formatX}
        formatY={formatLatency}
        height={CHART_HEIGHT}
      />
    </div>
  );
}

type TopTableProps = {
  caption: string;
  /** The heading of the counted column. */
  head: string;
  rows: readonly { key: string; requests: number }[];
};

/** A top list: rank, path or URL, and its requests. */
function TopTable({ caption, head, rows }: TopTableProps) {
  return (
    <div className="table-scroll">
      <table className="activity kpi__table">
        <caption className="kpi__caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">{head}</th>
            <th scope="col" className="kpi__count">
              Requests
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={3}>No requests in this range.</td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={row.key}>
                <td>{index + 1}</td>
                <td className="kpi__key">{row.key}</td>
                <td className="kpi__count">{formatInteger(row.requests)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The figures of an answer: the range, the totals, the charts over time and the top paths and URLs. */
export function KpiReport({ log, busy }: { log: KpiLog; busy: boolean }) {
  const paths = log.topPaths.slice(0, KPI_TOP_SIZE).map((row) => ({ key: row.path, requests: row.requests }));
  const urls = log.topUrls.slice(0, KPI_TOP_SIZE).map((row) => ({ key: row.url, requests: row.requests }));
  return (
    <div className="kpi__report" aria-busy={busy}>
      <p className="kpi__range">
        {KPI_ORIGIN_LABELS[log.origin]}, per {log.granularity}, from {formatRangeTime(log.start)} to{' '}
        {formatRangeTime(log.end)}
      </p>
      <Totals totals={log.totals} />
      <Charts log={log} />
      <div className="kpi__lists">
        <TopTable caption="Top paths" head="Path" rows={paths} />
        <TopTable caption="Top URLs" head="URL" rows={urls} />
      </div>
    </div>
  );
}
