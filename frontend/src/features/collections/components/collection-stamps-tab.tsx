import { useCallback, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Pagination } from '@/components/ui/pagination';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { useSite } from '@/lib/site-variant';
import { stampLabel } from '@/utils/format';
import { pageCount, PAGE_PARAM, parsePage } from '@/utils/pagination';
import { COLLECTION_STAMPS_PAGE_SIZE, useGetCollectionStampsQuery } from '../api';
import { defaultSlideshow, parseSlideshow, SLIDESHOW_PARAM, slideshowSearch, type SlideshowSettings } from '../slideshow-params';
import type { CollectionStamp } from '../types';
import { useCollectionOutlet } from './collection-layout';
import { ResultLine } from './result-line';
import { Slideshow, SlideshowSelector } from './slideshow';

type CollectionStampsTabProps = {
  /** Draws the page's stamps (the app passes the stamp grid). */
  renderStamps: (stamps: CollectionStamp[], busy: boolean) => ReactNode;
};

/**
 * The Stamps tab (Assets on the XCP site): 'x - y of N results', the slideshow selector, top and bottom pagination,
 * the cards ('NO RESULTS' when empty), and the slideshow overlay while `?slideshow=` is set (the parameter never
 * reaches the search call).
 */
export function CollectionStampsTab({ renderStamps }: CollectionStampsTabProps) {
  const { collection } = useCollectionOutlet();
  const site = useSite();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const page = parsePage(searchParams.get(PAGE_PARAM));
  const slideshow = parseSlideshow(searchParams.get(SLIDESHOW_PARAM));
  const { data, error, isLoading, isError, isFetching } = useGetCollectionStampsQuery({
    id: collection.collection_id,
    page,
  });

  const setSlideshow = useCallback(
    (settings: SlideshowSettings | null) => {
      void navigate(
        { pathname: location.pathname, search: slideshowSearch(location.search, settings) },
        // Opening adds a history entry; changes and closing while open replace it.
        { replace: parseSlideshow(new URLSearchParams(location.search).get(SLIDESHOW_PARAM)) !== null },
      );
    },
    [navigate, location.pathname, location.search],
  );

  if (isLoading) return <Loading />;
  if (isError || !data) {
    return <ErrorNotice message={(errorStatus(error) === 400 && errorMessage(error)) || GENERIC_ERROR} />;
  }
  const pages = pageCount(data.estimatedTotalHits, COLLECTION_STAMPS_PAGE_SIZE);

  return (
    <section className="results" aria-label={site.stampsWord}>
      <ResultLine offset={data.offset} shown={data.hits.length} total={data.estimatedTotalHits} />
      {data.hits.length > 0 && (
        <SlideshowSelector
          onSelect={(type) => {
            setSlideshow(defaultSlideshow(type));
          }}
        />
      )}
      <Pagination page={page} count={pages} label="Pages (top)" />
      {data.hits.length === 0 ? <p className="empty">NO RESULTS</p> : renderStamps(data.hits, isFetching)}
      <Pagination page={page} count={pages} label="Pages (bottom)" />
      {slideshow && data.hits.length > 0 && (
        <Slideshow
          settings={slideshow}
          onChange={setSlideshow}
          images={data.hits.map((stamp) => ({
            key: stamp.cpid,
            url: stamp.stamp_url,
            alt: `${site.stampWord} ${stampLabel(stamp.stamp)} ${stamp.cpid}`,
          }))}
        />
      )}
    </section>
  );
}
