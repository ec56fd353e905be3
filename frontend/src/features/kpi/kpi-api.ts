import { api } from '@/lib/api';
import { kpiLogQuery } from './kpi-rules';
import type { KpiLog, KpiLogArgs } from './types';

const kpiApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `GET /api/log`: an origin's requests over a range, for staff only (401 signed out, 403 for anyone else). The
     * session cookie goes along as on every same-origin call. Not kept once the dashboard is left: the figures grow.
     */
    getKpiLog: build.query<KpiLog, KpiLogArgs>({
      query: (args) => `log?${kpiLogQuery(args)}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetKpiLogQuery } = kpiApi;
