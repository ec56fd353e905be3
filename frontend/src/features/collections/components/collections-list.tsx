import { FinderSearch } from '@/components/finder/finder';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Pagination } from '@/components/ui/pagination';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { useSettledOnce } from '@/lib/use-settled-once';
import { pageCount } from '@/utils/pagination';
import {
  COLLECTIONS_PAGE_SIZE,
  useListCollectionsQuery,
  useListDirectoriesQuery,
  useListFeaturedCollectionsQuery,
  useListFeaturedDirectoriesQuery,
} from '../api';
import {
  COLLECTION_SORT_FIELDS,
  parseCollectionList,
  sortSearch,
  toCollectionListArgs,
  type CollectionSortField,
} from '../sort-params';
import { CollectionGrid } from './collection-card';
import { CreateCollectionButton, useOwnCollectionEditing } from './collection-actions';
import { ResultLine } from '@/components/ui/result-line';
import { SortButtons } from '@/components/ui/sort-buttons';

function sortLabels(stampsWord: string): Record<CollectionSortField, string> {
  return {
    trending: 'Trending',
    lowest_stamp_number: 'Lowest number',
    highest_stamp_number: 'Highest number',
    floor_price: 'Floor price',
    total_volume: 'Total volume',
    market_cap: 'Market cap',
    stamp_count: stampsWord,
    collector_count: 'Collectors',
  };
}

/** The featured list of the collections or the directories (staff-curated, in curated order). */
function useFeatured(directories: boolean) {
  const collections = useListFeaturedCollectionsQuery(undefined, { skip: directories });
  const directoryList = useListFeaturedDirectoriesQuery(undefined, { skip: !directories });
  return directories ? directoryList : collections;
}

/** The list's Featured list (staff-curated, in curated order); hidden when empty or failing. */
function FeaturedCollections({ stampsWord, directories }: { stampsWord: string; directories: boolean }) {
  const { data, isError } = useFeatured(directories);
  if (isError || !data || data.hits.length === 0) return null;
  return (
    <section className="collections-featured" aria-labelledby="collections-featured-title">
      <h2 id="collections-featured-title" className="section-head__title collections-featured__title">
        Featured
      </h2>
      <CollectionGrid
        collections={data.hits}
        stampsWord={stampsWord}
        label={directories ? 'Featured directories' : 'Featured collections'}
      />
    </section>
  );
}

/** The query a new search keeps: the current one without its page. */
function withoutPage(searchParams: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(searchParams);
  params.delete('page');
  return params;
}

/**
 * The collections list (/collections/{q?}, or the directories at /directories/{q?}), in the spec's order: heading, the
 * Featured list, search bar, 'x - y of n results', pagination, sort buttons and cards, and '+ Create a collection'
 * (not on the directories), with Edit on the signed-in user's own cards. Sort (spec): a click sets a field ascending,
 * a click on the active field flips it, the default trending:desc is removed from the URL, and a sort change drops
 * the page.
 */
export function CollectionsList({
  q,
  stampsWord,
  directories = false,
}: {
  q: string;
  stampsWord: string;
  /** The staff directories (collections owned by the network default) instead, with their own Featured list. */
  directories?: boolean;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const state = parseCollectionList(searchParams);
  const labels = sortLabels(stampsWord);
  const args = toCollectionListArgs(q, state, COLLECTIONS_PAGE_SIZE);
  const collections = useListCollectionsQuery(args, { skip: directories });
  const directoryList = useListDirectoriesQuery(args, { skip: !directories });
  const { data, error, isLoading, isFetching, isError } = directories ? directoryList : collections;
  const base = directories ? paths.directories : paths.collections;
  const baseQuery = directories ? paths.directoriesQuery : paths.collectionsQuery;
  const title = directories ? 'Directories' : 'Collections';

  const pages = data ? pageCount(data.estimatedTotalHits, COLLECTIONS_PAGE_SIZE) : 1;
  // The page shows once the Featured list above it has answered: a list arriving later would push it down.
  const featured = useFeatured(directories);
  const featuredSettled = useSettledOnce(!featured.isLoading);
  const own = useOwnCollectionEditing(stampsWord);

  if (!featuredSettled) {
    return (
      <div className="collections-list">
        <h1 className="page-title">{title}</h1>
        <Loading />
      </div>
    );
  }

  const sortButtons = (
    <SortButtons
      fields={COLLECTION_SORT_FIELDS}
      labels={labels}
      active={state.sort.field}
      direction={state.sort.direction}
      onChoose={(field) => {
        void navigate({ pathname: location.pathname, search: sortSearch(searchParams, field) });
      }}
    />
  );

  return (
    <div className="collections-list">
      <h1 className="page-title">{title}</h1>
      {!directories && <CreateCollectionButton stampsWord={stampsWord} />}
      <FeaturedCollections stampsWord={stampsWord} directories={directories} />
      <FinderSearch
        q={q}
        label={`Search ${title.toLowerCase()}`}
        placeholder="Collection name or id"
        href={(text) => (text ? baseQuery.getHref(text) : base.getHref())}
        query={withoutPage(searchParams)}
      />

      {isLoading ? (
        <Loading />
      ) : isError || !data ? (
        <>
          {sortButtons}
          <ErrorNotice message={(errorStatus(error) === 400 && errorMessage(error)) || GENERIC_ERROR} />
        </>
      ) : (
        <div className="results">
          <ResultLine offset={data.offset} shown={data.hits.length} total={data.estimatedTotalHits} />
          <Pagination page={state.page} count={pages} label="Pages (top)" />
          {sortButtons}
          <CollectionGrid
            collections={data.hits}
            stampsWord={stampsWord}
            busy={isFetching}
            editing={directories ? undefined : own.editing}
          />
          <Pagination page={state.page} count={pages} label="Pages (bottom)" />
        </div>
      )}
      {own.form}
    </div>
  );
}
