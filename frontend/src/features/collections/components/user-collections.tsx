import { Pagination } from '@/components/ui/pagination';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { GENERIC_ERROR } from '@/lib/api-error';
import { pageCount } from '@/utils/pagination';
import { COLLECTIONS_PAGE_SIZE, useListCollectionsQuery } from '../api';
import { CollectionGrid } from './collection-card';
import { ResultLine } from '@/components/ui/result-line';
import { useCurrentUser } from '@/lib/user-api';
import { CreateCollectionButton, useOwnCollectionEditing } from './collection-actions';

/**
 * The collections a user created (`/api/collections?user_id=`), paginated with ?page=N; 'NO RESULTS' when none. On
 * the viewer's own profile, '+ Create a collection' and the Edit buttons of the cards (launchpads excepted).
 */
export function UserCollections({ userId, page, stampsWord }: { userId: string; page: number; stampsWord: string }) {
  const own = useCurrentUser().user?.user_id === userId;
  const editor = useOwnCollectionEditing(stampsWord);
  const create = own ? <CreateCollectionButton stampsWord={stampsWord} /> : null;
  const { data, isLoading, isError, isFetching } = useListCollectionsQuery({
    user_id: userId,
    limit: COLLECTIONS_PAGE_SIZE,
    ...(page > 1 ? { page } : {}),
  });
  if (isLoading) return <Loading />;
  if (isError || !data) {
    return (
      <>
        {create}
        <ErrorNotice message={GENERIC_ERROR} />
      </>
    );
  }
  const pages = pageCount(data.estimatedTotalHits, COLLECTIONS_PAGE_SIZE);
  return (
    <div className="results">
      {create}
      <ResultLine offset={data.offset} shown={data.hits.length} total={data.estimatedTotalHits} />
      <Pagination page={page} count={pages} label="Pages (top)" />
      <CollectionGrid
        collections={data.hits}
        stampsWord={stampsWord}
        busy={isFetching}
        label="Collections"
        editing={own ? editor.editing : undefined}
      />
      <Pagination page={page} count={pages} label="Pages (bottom)" />
      {editor.form}
    </div>
  );
}
