import { useSearchParams } from 'react-router';
import { Slideshow, SlideshowSelector } from '@/components/slideshow/slideshow';
import { defaultSlideshow } from '@/components/slideshow/slideshow-params';
import { useSlideshowParam } from '@/components/slideshow/use-slideshow-param';
import { Pagination } from '@/components/ui/pagination';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { useSite } from '@/lib/site-variant';
import { formatInteger, stampLabel } from '@/utils/format';
import { pageCount, resultRange } from '@/utils/pagination';
import { ADDRESS_STAMPS_PAGE_SIZE, useGetAddressStampsQuery, type AddressStampList } from '../address-lists-api';
import { mergeStampSearch, parseStampSearch, toStampListArgs, type StampSearchState } from '../finder-params';
import { StampFilters } from './stamp-filters';
import { StampGrid } from './stamp-grid';

type AddressStampsProps = {
  list: AddressStampList;
  addresses: string[];
  /** The list's accessible name. */
  label: string;
  /** Only the stamps of this collection. */
  collection?: string | null;
  /** Offers the slideshow of the page's stamps (`?slideshow=`). */
  slideshow?: boolean;
};

/**
 * The stamps a profile's addresses hold, created or own: the finder's filter bar (types, show only, sort), 'x - y of
 * n results', pagination above and below, the cards ('NO RESULTS' when none), and, where offered, the slideshow of
 * the page's stamps. Filters, sort and page live in the query (the finder's rules), beside the profile's own.
 */
export function AddressStamps({ list, addresses, label, collection = null, slideshow: offersSlideshow = false }: AddressStampsProps) {
  const site = useSite();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseStampSearch(searchParams, site.variant);
  const [slideshow, setSlideshow] = useSlideshowParam();
  const { data, error, isLoading, isError, isFetching } = useGetAddressStampsQuery(
    // The profile's lists take no rarity filter.
    { list, addresses, ...toStampListArgs(state, ADDRESS_STAMPS_PAGE_SIZE, false), ...(collection ? { collection } : {}) },
    { skip: addresses.length === 0 },
  );

  const update = (next: StampSearchState) => {
    setSearchParams(mergeStampSearch(searchParams, next));
  };

  let results;
  if (addresses.length === 0) {
    results = <p className="empty">NO RESULTS</p>;
  } else if (isLoading) {
    results = <Loading />;
  } else if (isError || !data) {
    results = <ErrorNotice message={(errorStatus(error) === 400 && errorMessage(error)) || GENERIC_ERROR} />;
  } else {
    const range = resultRange(data.offset, data.hits.length, data.estimatedTotalHits);
    const pages = pageCount(data.estimatedTotalHits, ADDRESS_STAMPS_PAGE_SIZE);
    results = (
      <>
        <p className="results__count" aria-live="polite">
          {range.from === 0
            ? `${formatInteger(range.total)} results`
            : `${formatInteger(range.from)} - ${formatInteger(range.to)} of ${formatInteger(range.total)} results`}
        </p>
        {offersSlideshow && data.hits.length > 0 && (
          <SlideshowSelector
            onSelect={(type) => {
              setSlideshow(defaultSlideshow(type));
            }}
          />
        )}
        <Pagination page={state.page} count={pages} label="Pages (top)" />
        <StampGrid hits={data.hits} busy={isFetching} label={label} />
        <Pagination page={state.page} count={pages} label="Pages (bottom)" />
        {offersSlideshow && slideshow && data.hits.length > 0 && (
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
      </>
    );
  }

  return (
    <div className="results">
      <div className="src20-controls finder__controls">
        <StampFilters state={state} onChange={update} offerRarity={false} />
      </div>
      {results}
    </div>
  );
}
