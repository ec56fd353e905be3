import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  defaultKpiOrigin,
  defaultKpiRange,
  formatBucketTime,
  formatLatency,
  formatShare,
  formatShareTick,
  HOUR_MS,
  isUtcDay,
  KPI_DEFAULT_DAYS,
  KPI_TOP_SIZE,
  kpiLogArgs,
  kpiLogQuery,
  kpiRange,
  kpiViewParams,
  latencySummary,
  leavesDashboard,
  mobilePercent,
  mobileSummary,
  parseKpiView,
  shareTenths,
  trafficSummary,
  type KpiView,
} from './kpi-rules';
import type { KpiLog } from './types';

/** 2025-12-04 15:30:00 UTC. */
const NOW = Date.parse('2025-12-04T15:30:00Z');

const DEFAULT_VIEW: KpiView = { origin: 'stamps', granularity: 'hour', start: null, end: null };

function view(query: string): KpiView {
  return parseKpiView(new URLSearchParams(query), 'stamps');
}

describe('the spec constants', () => {
  it('defaults to the last 7 days and lists 20 paths and URLs', () => {
    expect(KPI_DEFAULT_DAYS).toBe(7);
    expect(KPI_TOP_SIZE).toBe(20);
  });
});

describe('the default range', () => {
  it('is the 7 days ending now', () => {
    expect(defaultKpiRange(NOW)).toEqual({ start: NOW - 7 * DAY_MS, end: NOW });
    expect(kpiRange(DEFAULT_VIEW, NOW)).toEqual(defaultKpiRange(NOW));
  });
});

describe('the view in the URL', () => {
  it('reads nothing as the default view on the site’s own origin, hourly', () => {
    expect(view('')).toEqual(DEFAULT_VIEW);
    expect(parseKpiView(new URLSearchParams(''), defaultKpiOrigin('xcp')).origin).toBe('xcp');
    expect(defaultKpiOrigin('stamps')).toBe('stamps');
  });

  it('reads the four origins, both granularities and real days; anything else is left out', () => {
    expect(view('origin=xcp-wallet&granularity=day&start=2025-11-01&end=2025-11-03')).toEqual({
      origin: 'xcp-wallet',
      granularity: 'day',
      start: '2025-11-01',
      end: '2025-11-03',
    });
    expect(view('origin=stamps-wallet').origin).toBe('stamps-wallet');
    expect(view('origin=xcp').origin).toBe('xcp');
    expect(view('origin=evil&granularity=week&start=2025-02-30&end=1764806400000')).toEqual(DEFAULT_VIEW);
  });

  it('swaps a start after the end', () => {
    expect(view('start=2025-11-10&end=2025-11-01')).toMatchObject({ start: '2025-11-01', end: '2025-11-10' });
  });

  it('writes the origin and granularity always, the days when chosen, and reads back the same', () => {
    expect(kpiViewParams(DEFAULT_VIEW).toString()).toBe('origin=stamps&granularity=hour');
    const chosen: KpiView = { origin: 'xcp', granularity: 'day', start: '2025-11-01', end: '2025-11-03' };
    const params = kpiViewParams(chosen);
    expect(params.toString()).toBe('origin=xcp&granularity=day&start=2025-11-01&end=2025-11-03');
    expect(parseKpiView(params, 'stamps')).toEqual(chosen);
  });

  it('knows a real UTC day', () => {
    expect(isUtcDay('2024-02-29')).toBe(true);
    expect(isUtcDay('2025-02-29')).toBe(false);
    expect(isUtcDay('2025-1-01')).toBe(false);
    expect(isUtcDay('')).toBe(false);
  });
});

describe('the range of a view', () => {
  it('runs from the start day’s first instant to the end day’s last, both UTC', () => {
    expect(kpiRange(view('start=2025-11-01&end=2025-11-03'), NOW)).toEqual({
      start: Date.parse('2025-11-01T00:00:00Z'),
      end: Date.parse('2025-11-04T00:00:00Z'),
    });
  });

  it('never ends after now', () => {
    expect(kpiRange(view('start=2025-12-01&end=2025-12-04'), NOW)).toEqual({
      start: Date.parse('2025-12-01T00:00:00Z'),
      end: NOW,
    });
  });

  it('takes 7 days before the end without a start, and now without an end', () => {
    const end = Date.parse('2025-11-11T00:00:00Z');
    expect(kpiRange(view('end=2025-11-10'), NOW)).toEqual({ start: end - 7 * DAY_MS, end });
    expect(kpiRange(view('start=2025-11-10'), NOW)).toEqual({ start: Date.parse('2025-11-10T00:00:00Z'), end: NOW });
  });

  it('takes 7 days before now for a start in the future', () => {
    expect(kpiRange(view('start=2025-12-10'), NOW)).toEqual(defaultKpiRange(NOW));
  });
});

describe('the API query', () => {
  it('names the origin, the range in Unix ms and the granularity', () => {
    const args = kpiLogArgs(view('origin=xcp&granularity=day&start=2025-11-01&end=2025-11-03'), NOW);
    expect(args).toEqual({ origin: 'xcp', start: 1761955200000, end: 1762214400000, granularity: 'day' });
    expect(kpiLogQuery(args)).toBe('origin=xcp&start=1761955200000&end=1762214400000&granularity=day');
    expect(kpiLogQuery(kpiLogArgs(DEFAULT_VIEW, NOW))).toBe(
      `origin=stamps&start=${String(NOW - 7 * DAY_MS)}&end=${String(NOW)}&granularity=hour`,
    );
  });
});

describe('who is sent home', () => {
  it('is the one answered 401 or 403', () => {
    expect(leavesDashboard(401)).toBe(true);
    expect(leavesDashboard(403)).toBe(true);
    expect(leavesDashboard(400)).toBe(false);
    expect(leavesDashboard(500)).toBe(false);
    expect(leavesDashboard(undefined)).toBe(false);
  });
});

describe('formatting', () => {
  it('shows microseconds as exact milliseconds', () => {
    expect(formatLatency(800)).toBe('0.8 ms');
    expect(formatLatency(2400)).toBe('2.4 ms');
    expect(formatLatency(12000)).toBe('12 ms');
    expect(formatLatency(60)).toBe('0.06 ms');
    expect(formatLatency(1)).toBe('0.001 ms');
    expect(formatLatency(0)).toBe('0 ms');
    expect(formatLatency(1234567)).toBe('1,234.567 ms');
  });

  it('computes a share in tenths of a percent from the integers, rounded half up', () => {
    expect(shareTenths(1600, 5000)).toBe(320);
    expect(shareTenths(1, 3)).toBe(333);
    expect(shareTenths(2, 3)).toBe(667);
    expect(shareTenths(1, 2000)).toBe(1); // 0.05% rounds up to 0.1%
    expect(shareTenths(0, 0)).toBeNull();
    expect(shareTenths(9_007_199_254_740, 9_007_199_254_740)).toBe(1000);
    expect(formatShare(1600, 5000)).toBe('32%');
    expect(formatShare(1, 3)).toBe('33.3%');
    expect(formatShare(5, 5)).toBe('100%');
    expect(formatShare(0, 0)).toBe('n/a');
    expect(formatShareTick(12.5)).toBe('12.5%');
    expect(formatShareTick(40)).toBe('40%');
  });

  it('places a bucket’s mobile share in percent, 0 without requests', () => {
    expect(mobilePercent({ mobile: 40, requests: 120 })).toBe(33.3);
    expect(mobilePercent({ mobile: 0, requests: 0 })).toBe(0);
  });

  it('names a bucket by its UTC hour or day', () => {
    const time = Date.parse('2025-11-27T10:00:00Z');
    expect(formatBucketTime(time, 'hour')).toBe('11-27 10:00');
    expect(formatBucketTime(time, 'day')).toBe('2025-11-27');
    // An axis's tick between buckets reads as the nearest.
    expect(formatBucketTime(time + 13 * 60_000, 'hour')).toBe('11-27 10:00');
    expect(formatBucketTime(time + 40 * 60_000, 'hour')).toBe('11-27 11:00');
    expect(formatBucketTime(time - 9 * HOUR_MS, 'day')).toBe('2025-11-27');
  });
});

describe('the charts’ text equivalents', () => {
  const log: KpiLog = {
    origin: 'stamps',
    granularity: 'hour',
    start: Date.parse('2025-11-27T00:00:00Z'),
    end: Date.parse('2025-11-27T02:00:00Z'),
    series: [
      {
        time: Date.parse('2025-11-27T00:00:00Z'),
        requests: 120,
        visitors: 31,
        mobile: 40,
        p50Us: 800,
        p90Us: 2400,
        p99Us: 9000,
      },
      {
        time: Date.parse('2025-11-27T01:00:00Z'),
        requests: 1300,
        visitors: 12,
        mobile: 650,
        p50Us: 700,
        p90Us: 2000,
        p99Us: 30000,
      },
    ],
    totals: { requests: 1420, mobile: 690, p50Us: 750, p90Us: 2300, p99Us: 12000 },
    topPaths: [],
    topUrls: [],
  };

  it('sum up requests, visitors, the mobile share and the latencies', () => {
    expect(trafficSummary(log)).toBe(
      'Requests and distinct visitors per hour, from 2025-11-27 00:00 UTC to 2025-11-27 02:00 UTC: 1,420 ' +
        'requests in all; at most 1,300 requests and 31 visitors in one hour.',
    );
    expect(mobileSummary(log)).toBe(
      'Mobile share of requests per hour, from 2025-11-27 00:00 UTC to 2025-11-27 02:00 UTC: 48.6% over the ' +
        'range, at most 50% in one hour.',
    );
    expect(latencySummary(log)).toBe(
      'Latency percentiles per hour, from 2025-11-27 00:00 UTC to 2025-11-27 02:00 UTC: p50 0.75 ms, p90 2.3 ms, ' +
        'p99 12 ms over the range; the highest p99 in one hour 30 ms.',
    );
  });
});
