import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useListCollectionsQuery } from '../api';
import { CollectionGrid } from './collection-card';

/** The most ids the API takes in one call. */
export const MAX_IDS = 100;

/** Links to collections by id alone, while their cards load or when the call fails. */
function IdLinks({ ids }: { ids: readonly string[] }) {
  return (
    <ul className="detail-links">
      {ids.map((id) => (
        <li key={id}>
          <Link className="text-link" to={paths.collection.getHref(id)}>
            {id}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Collections given by id (`/api/collections?ids=`), as cards; their ids as links until the cards arrive. */
export function CollectionsByIds({
  ids,
  stampsWord,
  label,
}: {
  ids: readonly string[];
  stampsWord: string;
  label: string;
}) {
  const wanted = ids.slice(0, MAX_IDS);
  const { data, isError } = useListCollectionsQuery({ ids: wanted.join(','), limit: wanted.length });
  if (isError || !data || data.hits.length === 0) return <IdLinks ids={wanted} />;
  return <CollectionGrid collections={data.hits} stampsWord={stampsWord} label={label} />;
}
