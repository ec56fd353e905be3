import { useId } from 'react';
import { isUtcDay, KPI_GRANULARITY_LABELS, KPI_ORIGIN_LABELS, utcDay, type KpiRange, type KpiView } from '../kpi-rules';
import { KPI_GRANULARITIES, KPI_ORIGINS, type KpiOrigin } from '../types';

type KpiControlsProps = {
  view: KpiView;
  /** The range asked for, whose days the date fields show when the view names none. */
  range: KpiRange;
  /** Now, the last day one can pick. */
  now: number;
  onChange: (view: KpiView) => void;
  /** Asks again for the figures up to now. */
  onRefresh: () => void;
};

function pickedDay(value: string): string | null {
  return isUtcDay(value) ? value : null;
}

/** The dashboard's view: the origin, the range's first and last UTC days, and the granularity. */
export function KpiControls({ view, range, now, onChange, onRefresh }: KpiControlsProps) {
  const originId = useId();
  const startId = useId();
  const endId = useId();
  const granularityId = useId();
  const today = utcDay(now);
  const startDay = view.start ?? utcDay(range.start);
  const endDay = view.end ?? utcDay(range.end);
  return (
    <div className="kpi__controls">
      <div className="kpi__control">
        <label htmlFor={originId} className="kpi__label">
          Origin
        </label>
        <select
          id={originId}
          className="select"
          value={view.origin}
          onChange={(event) => {
            onChange({ ...view, origin: event.target.value as KpiOrigin });
          }}
        >
          {KPI_ORIGINS.map((origin) => (
            <option key={origin} value={origin}>
              {KPI_ORIGIN_LABELS[origin]}
            </option>
          ))}
        </select>
      </div>
      <div className="kpi__control">
        <label htmlFor={startId} className="kpi__label">
          Start (UTC)
        </label>
        <input
          id={startId}
          className="kpi__date"
          type="date"
          value={startDay}
          max={endDay}
          onChange={(event) => {
            onChange({ ...view, start: pickedDay(event.target.value) });
          }}
        />
      </div>
      <div className="kpi__control">
        <label htmlFor={endId} className="kpi__label">
          End (UTC)
        </label>
        <input
          id={endId}
          className="kpi__date"
          type="date"
          value={endDay}
          min={startDay}
          max={today}
          onChange={(event) => {
            onChange({ ...view, end: pickedDay(event.target.value) });
          }}
        />
      </div>
      <div className="filter-group kpi__control" role="group" aria-labelledby={granularityId}>
        <span id={granularityId} className="kpi__label">
          Granularity
        </span>
        {KPI_GRANULARITIES.map((granularity) => {
          const pressed = granularity === view.granularity;
          return (
            <button
              key={granularity}
              type="button"
              className={pressed ? 'sort-button sort-button--active' : 'sort-button'}
              aria-pressed={pressed}
              onClick={() => {
                onChange({ ...view, granularity });
              }}
            >
              {KPI_GRANULARITY_LABELS[granularity]}
            </button>
          );
        })}
      </div>
      <button type="button" className="button button--ghost kpi__refresh" onClick={onRefresh}>
        Refresh
      </button>
    </div>
  );
}
