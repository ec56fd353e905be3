import { Link } from 'react-router';
import { FallbackImage } from '@/components/ui/fallback-image';
import { paths } from '@/config/paths';
import { formatInteger } from '@/utils/format';
import { abbreviateBtc } from '@/utils/market';
import { collectionImages, collectionTitle } from '../rules';
import type { Collection } from '../types';

/** Edits a collection; a card shows its Edit button only with one, and never on a launchpad (spec). */
export type CollectionEditing = {
  onEdit: (collection: Collection) => void;
  /** Which cards may be edited (the viewer's own collections); all but launchpads when absent. */
  canEdit?: (collection: Collection) => boolean;
};

/** Whether a card shows its Edit button. */
export function showsEdit(collection: Collection, editing: CollectionEditing | undefined): boolean {
  return Boolean(editing) && !collection.is_launchpad && (editing?.canEdit?.(collection) ?? true);
}

/**
 * A collection in a grid: image, title, stamp and collector counts, floor; links to its page. An Edit button beside
 * the link when the card may be edited.
 */
export function CollectionCard({
  collection,
  stampsWord,
  editing,
}: {
  collection: Collection;
  stampsWord: string;
  editing?: CollectionEditing | undefined;
}) {
  const title = collectionTitle(collection);
  return (
    <li className="collection-card">
      {showsEdit(collection, editing) && (
        <button
          type="button"
          className="button button--ghost collection-card__edit"
          aria-label={`Edit ${title}`}
          onClick={() => editing?.onEdit(collection)}
        >
          Edit
        </button>
      )}
      <Link className="collection-card__link" to={paths.collection.getHref(collection.collection_id)}>
        <div className="collection-card__media">
          <FallbackImage sources={collectionImages(collection)} alt={`${title} collection`} />
        </div>
        <div className="collection-card__body">
          <span className="collection-card__name">
            {title}
            {collection.is_launchpad && <span className="badge">Launchpad</span>}
          </span>
          <span className="collection-card__facts">
            {formatInteger(collection.stamp_count)} {stampsWord.toLowerCase()} ·{' '}
            {formatInteger(collection.collector_count)} collectors
          </span>
          <span className="collection-card__facts">Floor {abbreviateBtc(collection.floor_price)}</span>
        </div>
      </Link>
    </li>
  );
}

type CollectionGridProps = {
  collections: Collection[];
  stampsWord: string;
  busy?: boolean;
  /** The list's accessible name. */
  label?: string;
  /** The Edit buttons' handler and which cards get one. */
  editing?: CollectionEditing | undefined;
};

/** Collection cards in a responsive grid; 'NO RESULTS' when there are none. */
export function CollectionGrid({
  collections,
  stampsWord,
  busy = false,
  label = 'Collections',
  editing,
}: CollectionGridProps) {
  if (collections.length === 0) return <p className="empty">NO RESULTS</p>;
  return (
    <ul className="collection-grid" aria-busy={busy} aria-label={label}>
      {collections.map((collection) => (
        <CollectionCard
          key={collection.collection_id}
          collection={collection}
          stampsWord={stampsWord}
          editing={editing}
        />
      ))}
    </ul>
  );
}
