import { useSearchParams } from 'react-router';
import { Pagination } from '@/components/ui/pagination';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { PAGE_PARAM, pageCount, parsePage } from '@/utils/pagination';
import { FEAT_PAGE_SIZE, useGetFeatQuery } from '../api';
import { StampGrid } from '@/components/stamp/stamp-grid';
import { ResultLine } from '@/components/ui/result-line';

/** The heading while the list's own title is unknown. */
export const FEAT_FALLBACK_TITLE = 'Featured';

/**
 * The themed featured stamp list (/feat): the curated title and description, 'x - y of n results', pagination
 * (?page, page 1 dropped) above and below the stamp grid, 'NO RESULTS' when empty. A 404 shows the API's message.
 */
export function FeatList() {
  const [searchParams] = useSearchParams();
  const page = parsePage(searchParams.get(PAGE_PARAM));
  const { data, error, isLoading, isFetching, isError } = useGetFeatQuery({ page, limit: FEAT_PAGE_SIZE });
  const title = data?.title || FEAT_FALLBACK_TITLE;
  useDocumentTitle(title);

  let body;
  if (isLoading) {
    body = <Loading />;
  } else if (isError || !data) {
    body = <ErrorNotice message={(errorStatus(error) === 404 && errorMessage(error)) || GENERIC_ERROR} />;
  } else {
    const pages = pageCount(data.estimatedTotalHits, FEAT_PAGE_SIZE);
    body = (
      <div className="results">
        <ResultLine offset={data.offset} shown={data.hits.length} total={data.estimatedTotalHits} />
        <Pagination page={page} count={pages} label="Pages (top)" />
        <StampGrid hits={data.hits} busy={isFetching} label={title} />
        <Pagination page={page} count={pages} label="Pages (bottom)" />
      </div>
    );
  }

  return (
    <section className="feat" aria-labelledby="feat-title">
      <h1 id="feat-title" className="page-title">
        {title}
      </h1>
      {data?.description && <p className="feat__description">{data.description}</p>}
      {body}
    </section>
  );
}
