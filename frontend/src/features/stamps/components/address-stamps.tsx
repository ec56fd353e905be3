import { FinderControls } from '@/components/finder/finder';
import { useFinderParams } from '@/components/finder/use-finder-params';
import { Slideshow, SlideshowSelector } from '@/components/slideshow/slideshow';
import { defaultSlideshow } from '@/components/slideshow/slideshow-params';
import { useSlideshowParam } from '@/components/slideshow/use-slideshow-param';
import { Pagination } from '@/components/ui/pagination';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { useSite } from '@/lib/site-variant';
import { stampLabel } from '@/utils/format';
import { pageCount } from '@/utils/pagination';
import {
  ADDRESS_STAMPS_PAGE_SIZE,
  useGetAddressStampsQuery,
  useGetWishlistStampsQuery,
  type AddressStampList,
} from '../address-lists-api';
import { mergeStampSearch, parseStampSearch, toStampListArgs } from '../finder-params';
import { StampFilters } from './stamp-filters';
import { StampGrid } from '@/components/stamp/stamp-grid';
import { ResultLine } from '@/components/ui/result-line';

/** Where the stamps come from: one of the lists of a set of addresses, or a user's wishlist. */
export type StampListSource = { list: AddressStampList; addresses: string[] } | { wishlist: string };

type AddressStampsProps = {
  source: StampListSource;
  /** The list's accessible name. */
  label: string;
  /** Only the stamps of this collection. */
  collection?: string | null;
  /** Offers the slideshow of the page's stamps (`?slideshow=`). */
  slideshow?: boolean;
};

/**
 * The stamps a profile's addresses hold, created or own, or its user's wishlist: the finder's filter bar (types, show
 * only, sort), 'x - y of n results', pagination above and below, the cards ('NO RESULTS' when none), and, where
 * offered, the slideshow of the page's stamps. Filters, sort and page live in the query (the finder's rules), beside
 * the profile's own.
 */
export function AddressStamps({
  source,
  label,
  collection = null,
  slideshow: offersSlideshow = false,
}: AddressStampsProps) {
  const site = useSite();
  const [state, update] = useFinderParams(
    (params) => parseStampSearch(params, site.variant),
    (next, current) => mergeStampSearch(current, next),
  );
  const [slideshow, setSlideshow] = useSlideshowParam();
  // The profile's lists take no rarity filter.
  const args = { ...toStampListArgs(state, ADDRESS_STAMPS_PAGE_SIZE, false), ...(collection ? { collection } : {}) };
  const addresses = 'addresses' in source ? source.addresses : [];
  const byAddresses = useGetAddressStampsQuery(
    { list: 'list' in source ? source.list : 'holders_addresses', addresses, ...args },
    { skip: !('addresses' in source) || addresses.length === 0 },
  );
  const wishlist = useGetWishlistStampsQuery(
    { user: 'wishlist' in source ? source.wishlist : '', ...args },
    { skip: !('wishlist' in source) || source.wishlist === '' },
  );
  const { data, error, isLoading, isError, isFetching } = 'wishlist' in source ? wishlist : byAddresses;
  const nothingToAsk = 'wishlist' in source ? source.wishlist === '' : addresses.length === 0;

  let results;
  if (nothingToAsk) {
    results = <p className="empty">NO RESULTS</p>;
  } else if (isLoading) {
    results = <Loading />;
  } else if (isError || !data) {
    results = <ErrorNotice message={(errorStatus(error) === 400 && errorMessage(error)) || GENERIC_ERROR} />;
  } else {
    const pages = pageCount(data.estimatedTotalHits, ADDRESS_STAMPS_PAGE_SIZE);
    results = (
      <>
        <ResultLine offset={data.offset} shown={data.hits.length} total={data.estimatedTotalHits} />
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
      <FinderControls>
        <StampFilters state={state} onChange={update} offerRarity={false} />
      </FinderControls>
      {results}
    </div>
  );
}
