import { useCallback, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { FinderControls } from '@/components/finder/finder';
import { Pagination } from '@/components/ui/pagination';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { useSite } from '@/lib/site-variant';
import { stampLabel } from '@/utils/format';
import { pageCount, PAGE_PARAM, parsePage } from '@/utils/pagination';
import {
  COLLECTION_STAMPS_PAGE_SIZE,
  useGetCollectionStampsQuery,
  useGetCollectionTraitsQuery,
  type StampListFilters,
} from '../api';
import { defaultSlideshow } from '@/components/slideshow/slideshow-params';
import { useSlideshowParam } from '@/components/slideshow/use-slideshow-param';
import {
  layerCpidsArg,
  parseTraits,
  src721CpidsArg,
  TRAITS_PARAM,
  traitsSearch,
  type TraitSelection,
} from '../traits-params';
import type { CollectionStamp } from '../types';
import { useCollectionOutlet } from './collection-layout';
import { ResultLine } from '@/components/ui/result-line';
import { Slideshow, SlideshowSelector } from '@/components/slideshow/slideshow';
import { GOOSE_COLLECTION_ID } from '../goose';
import { TraitsFilter } from './traits-filter';

type CollectionStampsTabProps = {
  /** Draws the page's stamps (the app passes the stamp grid). */
  renderStamps: (stamps: CollectionStamp[], busy: boolean) => ReactNode;
  /** The filter bar (the app passes the stamp finder's), and the filters and sort it has set. */
  filters?: ReactNode;
  listFilters?: StampListFilters;
};

/**
 * The Stamps tab (Assets on the XCP site): 'x - y of N results', the slideshow selector, the filter bar, top and bottom
 * pagination, the cards ('NO RESULTS' when empty), and the slideshow overlay while `?slideshow=` is set (the parameter
 * never reaches the search call). An SRC-721 collection adds the Traits filter: its selection is kept in `?traits=` and
 * sent to the search as `src721cpids` (mints that chose one of each layer's chosen stamps). A launchpad with curated
 * layers (not the goose) has it too, over its layers' own stamps: the chosen ones are sent as `cpids`.
 */
export function CollectionStampsTab({ renderStamps, filters, listFilters }: CollectionStampsTabProps) {
  const { collection } = useCollectionOutlet();
  const site = useSite();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const page = parsePage(searchParams.get(PAGE_PARAM));
  const [slideshow, setSlideshow] = useSlideshowParam();
  const isSrc721 = collection.type === 'src721';
  const isLayered = !isSrc721 && collection.is_launchpad && collection.collection_id !== GOOSE_COLLECTION_ID;
  const withTraits = isSrc721 || isLayered;
  const traits = withTraits ? parseTraits(searchParams.get(TRAITS_PARAM)) : [];
  const { data, error, isLoading, isError, isFetching } = useGetCollectionStampsQuery({
    id: collection.collection_id,
    page,
    src721cpids: isSrc721 ? src721CpidsArg(traits) : undefined,
    cpids: isLayered ? layerCpidsArg(traits) : undefined,
    ...listFilters,
  });
  const layers = useGetCollectionTraitsQuery(collection.collection_id, { skip: !withTraits });

  const setTraits = useCallback(
    (selection: TraitSelection) => {
      void navigate({ pathname: location.pathname, search: traitsSearch(location.search, selection) });
    },
    [navigate, location.pathname, location.search],
  );

  let results: ReactNode;
  if (isLoading) {
    results = <Loading />;
  } else if (isError || !data) {
    results = <ErrorNotice message={(errorStatus(error) === 400 && errorMessage(error)) || GENERIC_ERROR} />;
  } else {
    const pages = pageCount(data.estimatedTotalHits, COLLECTION_STAMPS_PAGE_SIZE);
    results = (
      <section className="results" aria-label={site.stampsWord}>
        <ResultLine offset={data.offset} shown={data.hits.length} total={data.estimatedTotalHits} />
        {data.hits.length > 0 && (
          <SlideshowSelector
            onSelect={(type) => {
              setSlideshow(defaultSlideshow(type));
            }}
          />
        )}
        {filters && <FinderControls>{filters}</FinderControls>}
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

  // The filter shows for SRC-721 collections and layered launchpads, unless they have no layers (404 or empty).
  const noLayers =
    (layers.isError && errorStatus(layers.error) === 404) ||
    (layers.currentData !== undefined && layers.currentData.length === 0);
  if (!withTraits || noLayers) return results;
  return (
    <div className="collection-stamps">
      <TraitsFilter
        layers={layers.currentData}
        loading={layers.isFetching}
        failed={layers.isError}
        selection={traits}
        onChange={setTraits}
      />
      <div className="collection-stamps__results">{results}</div>
    </div>
  );
}
