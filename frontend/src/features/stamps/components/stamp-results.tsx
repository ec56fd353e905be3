import { Pagination } from '@/components/ui/pagination';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { useSite } from '@/lib/site-variant';
import { offsetToPage, pageCount } from '@/utils/pagination';
import { useSearchStampsQuery } from '../api';
import type { StampSearchArgs } from '../types';
import { StampGrid } from '@/components/stamp/stamp-grid';
import { ResultLine } from '@/components/ui/result-line';

/** The cards of the first row at the widest layout: their images load at once, as they are above the fold. */
const FIRST_ROW = 6;

type StampResultsProps = {
  /** The API call: search text, filters, sort and the page's offset. */
  args: StampSearchArgs;
  /** Shows every card's details. */
  expanded?: boolean;
};

/** The finder's results: 'x - y of n results', pagination above and below, and the card grid. */
export function StampResults({ args, expanded = false }: StampResultsProps) {
  const site = useSite();
  const { data, error, isLoading, isFetching, isError } = useSearchStampsQuery(args);
  const page = offsetToPage(args.offset, args.limit);

  if (isLoading) return <Loading />;
  if (isError || !data) {
    return <ErrorNotice message={(errorStatus(error) === 400 && errorMessage(error)) || GENERIC_ERROR} />;
  }

  // The previous page stays on screen (dimmed) while the next one loads, so count from its offset.
  const pages = pageCount(data.estimatedTotalHits, args.limit);

  return (
    <div className="results">
      <ResultLine offset={data.offset} shown={data.hits.length} total={data.estimatedTotalHits} />
      <Pagination page={page} count={pages} label="Pages (top)" />
      <StampGrid hits={data.hits} busy={isFetching} expanded={expanded} label={site.stampsWord} eager={FIRST_ROW} />
      <Pagination page={page} count={pages} label="Pages (bottom)" />
    </div>
  );
}
