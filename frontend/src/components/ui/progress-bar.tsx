import { formatPercent } from '@/utils/format';

/** The width, 0..100, of a percent string; anything unreadable is 0. Geometry only: the text shows the exact value. */
export function percentWidth(value: string): number {
  const percent = Number(value);
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, percent));
}

type ProgressBarProps = {
  /** A percent as a decimal string ("42.50"). */
  value: string;
  /** What the bar measures, for assistive technology ("PEPE minted"). */
  label: string;
};

/** A horizontal progress bar with its percentage beside it. */
export function ProgressBar({ value, label }: ProgressBarProps) {
  const width = percentWidth(value);
  return (
    <div className="progress">
      <div
        className="progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={width}
        aria-valuetext={formatPercent(value)}
      >
        <div className="progress__fill" style={{ width: `${String(width)}%` }} />
      </div>
      <span className="progress__text">{formatPercent(value)}</span>
    </div>
  );
}
