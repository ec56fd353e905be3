import type { SiteVariant } from '@/config/site';
import { formatBlockTime, formatInteger } from '@/utils/format';
import {
  KPI_GRANULARITIES,
  KPI_ORIGINS,
  type KpiBucket,
  type KpiGranularity,
  type KpiLog,
  type KpiLogArgs,
  type KpiOrigin,
} from './types';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The spec's default range: the last 7 days, ending now. */
export const KPI_DEFAULT_DAYS = 7;

/** The spec's top lists: 20 paths and 20 URLs at most. */
export const KPI_TOP_SIZE = 20;

/** The granularity when the URL names none (the API's default too). */
export const KPI_DEFAULT_GRANULARITY: KpiGranularity = 'hour';

/** Each origin's name in the selector. */
export const KPI_ORIGIN_LABELS: Record<KpiOrigin, string> = {
  stamps: 'Stamps site',
  'stamps-wallet': 'Stamps wallet',
  xcp: 'XCP site',
  'xcp-wallet': 'XCP wallet',
};

export const KPI_GRANULARITY_LABELS: Record<KpiGranularity, string> = { hour: 'Hour', day: 'Day' };

/** Whether a failed call's status means the dashboard is not for this browser: signed out (401) or not staff (403). */
export function leavesDashboard(status: number | undefined): boolean {
  return status === 401 || status === 403;
}

/** The origin shown when the URL names none: the site's own. */
export function defaultKpiOrigin(site: SiteVariant): KpiOrigin {
  return site === 'xcp' ? 'xcp' : 'stamps';
}

/**
 * The dashboard's view as the URL holds it (?origin=, ?granularity=, ?start=, ?end=). `start` and `end` are UTC
 * days (YYYY-MM-DD, both included); null is the default range's bound.
 */
export type KpiView = { origin: KpiOrigin; granularity: KpiGranularity; start: string | null; end: string | null };

/** Whether `text` is a real UTC day written YYYY-MM-DD. */
export function isUtcDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** The UTC day (YYYY-MM-DD) of a time in Unix ms. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The start of a UTC day (YYYY-MM-DD) in Unix ms. */
function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

function knownOrigin(value: string | null): KpiOrigin | null {
  return KPI_ORIGINS.find((origin) => origin === value) ?? null;
}

function knownGranularity(value: string | null): KpiGranularity {
  return KPI_GRANULARITIES.find((granularity) => granularity === value) ?? KPI_DEFAULT_GRANULARITY;
}

function day(value: string | null): string | null {
  const text = value?.trim() ?? '';
  return isUtcDay(text) ? text : null;
}

/**
 * Reads the view from the query: an unknown origin is `fallback`, an unknown granularity the default, a day that is
 * not a real YYYY-MM-DD is left out; a start after the end is swapped with it.
 */
export function parseKpiView(params: URLSearchParams, fallback: KpiOrigin): KpiView {
  let start = day(params.get('start'));
  let end = day(params.get('end'));
  if (start && end && start > end) [start, end] = [end, start];
  return {
    origin: knownOrigin(params.get('origin')) ?? fallback,
    granularity: knownGranularity(params.get('granularity')),
    start,
    end,
  };
}

/** The query string of a view: the origin and granularity always (a link shows the same on either site). */
export function kpiViewParams(view: KpiView): URLSearchParams {
  const params = new URLSearchParams({ origin: view.origin, granularity: view.granularity });
  if (view.start) params.set('start', view.start);
  if (view.end) params.set('end', view.end);
  return params;
}

/** A range of time in Unix ms, `start` included, `end` excluded. */
export type KpiRange = { start: number; end: number };

/** The spec's default range: the 7 days before `now`. */
export function defaultKpiRange(now: number): KpiRange {
  return { start: now - KPI_DEFAULT_DAYS * DAY_MS, end: now };
}

/**
 * The range a view asks for at `now`: from the start day's first instant (else 7 days before the end) to the end
 * day's last (else now), never past now; a start at or after that end falls back to 7 days before it.
 */
export function kpiRange(view: KpiView, now: number): KpiRange {
  const end = view.end ? Math.min(dayStart(view.end) + DAY_MS, now) : now;
  const fallbackStart = end - KPI_DEFAULT_DAYS * DAY_MS;
  const start = view.start ? dayStart(view.start) : fallbackStart;
  return { start: start < end ? start : fallbackStart, end };
}

/** The arguments of `GET /api/log` for a view at `now`. */
export function kpiLogArgs(view: KpiView, now: number): KpiLogArgs {
  const { start, end } = kpiRange(view, now);
  return { origin: view.origin, start, end, granularity: view.granularity };
}

/** The query string of `GET /api/log`: origin, start and end in Unix ms, granularity. */
export function kpiLogQuery(args: KpiLogArgs): string {
  return new URLSearchParams({
    origin: args.origin,
    start: String(args.start),
    end: String(args.end),
    granularity: args.granularity,
  }).toString();
}

/**
 * A latency in microseconds as milliseconds, exactly (integer arithmetic; trailing zeros dropped): 800 -> "0.8 ms",
 * 12000 -> "12 ms", 1234567 -> "1,234.567 ms".
 */
export function formatLatency(us: number): string {
  const micros = Math.max(0, Math.round(us));
  const whole = Math.floor(micros / 1000);
  const fraction = String(micros % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${formatInteger(whole)}${fraction ? `.${fraction}` : ''} ms`;
}

/**
 * `part` of `whole` in tenths of a percent, rounded half up, in exact integer arithmetic; null when `whole` is 0 (no
 * share to speak of).
 */
export function shareTenths(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  const numerator = BigInt(Math.max(0, Math.round(part))) * 2000n + BigInt(Math.round(whole));
  return Number(numerator / (2n * BigInt(Math.round(whole))));
}

/** Tenths of a percent for display: 321 -> "32.1%", 400 -> "40%". */
function tenthsText(tenths: number): string {
  const whole = Math.floor(tenths / 10);
  const tenth = tenths % 10;
  return `${formatInteger(whole)}${tenth ? `.${String(tenth)}` : ''}%`;
}

/** `part` of `whole` as a percentage to a tenth ("32.1%"), or 'n/a' without requests. */
export function formatShare(part: number, whole: number): string {
  const tenths = shareTenths(part, whole);
  return tenths === null ? 'n/a' : tenthsText(tenths);
}

/** A percentage on the mobile chart's axis ("25%", "12.5%"). */
export function formatShareTick(percent: number): string {
  return tenthsText(Math.max(0, Math.round(percent * 10)));
}

/**
 * A bucket's start on a chart: the UTC day, or with hours the day and the hour ("11-27 10:00"). An axis's ticks fall
 * between buckets: they read as the nearest one.
 */
export function formatBucketTime(ms: number, granularity: KpiGranularity): string {
  const step = granularity === 'day' ? DAY_MS : HOUR_MS;
  const iso = new Date(Math.round(ms / step) * step).toISOString();
  return granularity === 'day' ? iso.slice(0, 10) : `${iso.slice(5, 10)} ${iso.slice(11, 16)}`;
}

/** A bound of the range in words: "2025-11-27 00:00 UTC". */
export function formatRangeTime(ms: number): string {
  return formatBlockTime(ms / 1000);
}

/** One bucket's mobile share in percent, for placing its point (0 without requests). */
export function mobilePercent(bucket: Pick<KpiBucket, 'mobile' | 'requests'>): number {
  return (shareTenths(bucket.mobile, bucket.requests) ?? 0) / 10;
}

function largest(values: readonly number[]): number {
  return values.reduce((most, value) => Math.max(most, value), 0);
}

/** "per hour from ... to ...": how a chart's summary places its series. */
function span(log: KpiLog): string {
  return `per ${log.granularity}, from ${formatRangeTime(log.start)} to ${formatRangeTime(log.end)}`;
}

/** The requests chart's text equivalent. */
export function trafficSummary(log: KpiLog): string {
  const requests = largest(log.series.map((bucket) => bucket.requests));
  const visitors = largest(log.series.map((bucket) => bucket.visitors));
  return (
    `Requests and distinct visitors ${span(log)}: ${formatInteger(log.totals.requests)} requests in all; ` +
    `at most ${formatInteger(requests)} requests and ${formatInteger(visitors)} visitors in one ${log.granularity}.`
  );
}

/** The mobile share chart's text equivalent. */
export function mobileSummary(log: KpiLog): string {
  const most = largest(log.series.map((bucket) => shareTenths(bucket.mobile, bucket.requests) ?? 0));
  return (
    `Mobile share of requests ${span(log)}: ${formatShare(log.totals.mobile, log.totals.requests)} over the ` +
    `range, at most ${tenthsText(most)} in one ${log.granularity}.`
  );
}

/** The latency chart's text equivalent. */
export function latencySummary(log: KpiLog): string {
  const { p50Us, p90Us, p99Us } = log.totals;
  const worst = largest(log.series.map((bucket) => bucket.p99Us));
  return (
    `Latency percentiles ${span(log)}: p50 ${formatLatency(p50Us)}, p90 ${formatLatency(p90Us)}, ` +
    `p99 ${formatLatency(p99Us)} over the range; the highest p99 in one ${log.granularity} ${formatLatency(worst)}.`
  );
}
