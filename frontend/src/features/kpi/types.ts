/** The origins whose requests the dashboard shows, as the API names them. */
export const KPI_ORIGINS = ['stamps', 'stamps-wallet', 'xcp', 'xcp-wallet'] as const;
export type KpiOrigin = (typeof KPI_ORIGINS)[number];

/** The size of a bucket of the series (UTC hours or days). */
export const KPI_GRANULARITIES = ['hour', 'day'] as const;
export type KpiGranularity = (typeof KPI_GRANULARITIES)[number];

/** One bucket of the series: its start (Unix ms) and its figures; latencies in microseconds. */
export type KpiBucket = {
  time: number;
  requests: number;
  /** Distinct visitors in the bucket. */
  visitors: number;
  /** Requests from mobile devices. */
  mobile: number;
  p50Us: number;
  p90Us: number;
  p99Us: number;
};

/** The figures of the whole range; latencies in microseconds. */
export type KpiTotals = { requests: number; mobile: number; p50Us: number; p90Us: number; p99Us: number };

export type KpiPathCount = { path: string; requests: number };
export type KpiUrlCount = { url: string; requests: number };

/**
 * `GET /api/log`: an origin's requests over a range (`start` and `end` snapped to the granularity), one bucket per
 * hour or day, oldest first, empty ones included; the most requested paths and URLs, most first (20 at most each).
 */
export type KpiLog = {
  origin: KpiOrigin;
  granularity: KpiGranularity;
  start: number;
  end: number;
  series: KpiBucket[];
  totals: KpiTotals;
  topPaths: KpiPathCount[];
  topUrls: KpiUrlCount[];
};

/** The arguments of `GET /api/log`: the range in Unix ms. */
export type KpiLogArgs = { origin: KpiOrigin; start: number; end: number; granularity: KpiGranularity };
