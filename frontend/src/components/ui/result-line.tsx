import { formatInteger } from '@/utils/format';
import { resultRange } from '@/utils/pagination';

/** The spec's result line: 'x - y of n results' (or 'n results' when the page is empty). */
export function ResultLine({ offset, shown, total }: { offset: number; shown: number; total: number }) {
  const range = resultRange(offset, shown, total);
  return (
    <p className="results__count" aria-live="polite">
      {range.from === 0
        ? `${formatInteger(range.total)} results`
        : `${formatInteger(range.from)} - ${formatInteger(range.to)} of ${formatInteger(range.total)} results`}
    </p>
  );
}
