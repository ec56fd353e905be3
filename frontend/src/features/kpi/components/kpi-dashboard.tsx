import { useId, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { useSite } from '@/lib/site-variant';
import { useGetKpiLogQuery } from '../kpi-api';
import { defaultKpiOrigin, kpiLogArgs, kpiRange, kpiViewParams, leavesDashboard, parseKpiView } from '../kpi-rules';
import { KpiControls } from './kpi-controls';
import { KpiReport } from './kpi-report';

/**
 * The staff's analytics dashboard: an origin's requests over a range (the last 7 days by default), per hour or day,
 * the view kept in the URL. The server alone says who may see it: until it has answered, only a loading notice
 * shows; when it answers 401 or 403 (signed out, not staff), the browser goes home in place of the page (spec:
 * 'Dashboard goes to home on an empty result').
 */
export function KpiDashboard() {
  const site = useSite();
  const titleId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  // The default range ends at the page's opening (a moving 'now' would ask anew at every render); Refresh moves it.
  const [now, setNow] = useState(() => Date.now());
  const view = parseKpiView(searchParams, defaultKpiOrigin(site.variant));
  const args = kpiLogArgs(view, now);
  const { data, error, isError, isFetching, refetch } = useGetKpiLogQuery(args);
  const denied = isError && leavesDashboard(errorStatus(error));
  // Once the server has answered as it answers staff (figures, or a failure other than 401 and 403), the controls
  // stay through later calls, until one of them answers 401 or 403.
  const [admitted, setAdmitted] = useState(false);
  if (!admitted && !denied && (data !== undefined || isError)) setAdmitted(true);

  if (denied) return <Navigate to={paths.home.getHref()} replace />;
  if (!admitted) return <Loading />;

  let body;
  if (isError) {
    body = <ErrorNotice message={(errorStatus(error) === 400 && errorMessage(error)) || GENERIC_ERROR} />;
  } else if (data) {
    body = <KpiReport log={data} busy={isFetching} />;
  } else {
    body = <Loading />;
  }
  return (
    <section className="kpi" aria-labelledby={titleId}>
      <h1 id={titleId} className="page-title">
        Analytics
      </h1>
      <KpiControls
        view={view}
        range={kpiRange(view, now)}
        now={now}
        onChange={(next) => {
          setSearchParams(kpiViewParams(next));
        }}
        onRefresh={() => {
          const next = Date.now();
          // A range ended before now asks the same again: ask anew.
          if (kpiLogArgs(view, next).end === args.end) void refetch();
          else setNow(next);
        }}
      />
      {body}
    </section>
  );
}
