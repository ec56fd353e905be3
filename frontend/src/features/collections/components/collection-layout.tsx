import { NavLink, Outlet, useOutletContext } from 'react-router';
import { Link } from 'react-router';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { useSite } from '@/lib/site-variant';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useGetCollectionQuery } from '../api';
import { collectionHeading, collectionTitle, creatorDisplay, profileHref, twitterHref, websiteHref } from '../rules';
import type { Collection } from '../types';
import { CollectionStats } from './collection-stats';
import { GOOSE_COLLECTION_ID } from '../goose';
import { GooseTool } from './goose-tool';
import { LaunchpadTool } from './launchpad-tool';

/** What the tabs receive from the collection page. */
export type CollectionOutlet = { collection: Collection };

/** The collection a tab is shown for. */
export function useCollectionOutlet(): CollectionOutlet {
  return useOutletContext<CollectionOutlet>();
}

/** The spec's text when the collection does not exist. */
export const COLLECTION_NOT_FOUND = 'Collection not found';

function CollectionHeader({ collection }: { collection: Collection }) {
  const site = useSite();
  const creator = creatorDisplay(collection.user_id);
  const twitter = twitterHref(collection.twitter);
  const website = websiteHref(collection.website);
  return (
    <header className="collection-head">
      <p className="collection-head__kind">{collectionHeading(collection, site.variant)}</p>
      <h1 className="page-title break">{collectionTitle(collection)}</h1>
      <ul className="collection-head__links">
        {creator.kind === 'link' && (
          <li>
            Creator{' '}
            <Link className="text-link" to={profileHref(creator.userId)}>
              {creator.userId}
            </Link>
          </li>
        )}
        {creator.kind === 'plain' && <li>Creator {creator.text}</li>}
        {twitter && (
          <li>
            <a className="text-link" href={twitter} target="_blank" rel="noopener noreferrer">
              Twitter
            </a>
          </li>
        )}
        {website && (
          <li>
            <a className="text-link" href={website} target="_blank" rel="noopener noreferrer">
              Website
            </a>
          </li>
        )}
      </ul>
      {collection.description && <p className="collection-head__description">{collection.description}</p>}
      <CollectionStats collection={collection} />
      {collection.is_launchpad &&
        (collection.collection_id === GOOSE_COLLECTION_ID ? (
          <GooseTool collection={collection} />
        ) : (
          <LaunchpadTool collection={collection} />
        ))}
    </header>
  );
}

/**
 * The collection page (/collection/{id}): heading, creator, links, description, stats, a launchpad's tool (the goose
 * tool for the collection id goose, the generic one for any other), and the tabs Stamps (Assets on the XCP site) at
 * the base path, Collectors at /collectors and Burned at /burned.
 */
export function CollectionLayout({ id }: { id: string }) {
  const site = useSite();
  const { currentData: collection, error, isFetching } = useGetCollectionQuery(id);
  useDocumentTitle(collection ? `${collectionHeading(collection, site.variant)}: ${collectionTitle(collection)}` : id);

  if (!collection && isFetching) return <Loading />;
  if (!collection) {
    const status = errorStatus(error);
    if (status === 404) return <p className="empty">{errorMessage(error) ?? COLLECTION_NOT_FOUND}</p>;
    return <ErrorNotice message={(status === 400 && errorMessage(error)) || GENERIC_ERROR} />;
  }

  const tabClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'tab tab--active' : 'tab');
  const context: CollectionOutlet = { collection };
  return (
    <article className="collection-page">
      <CollectionHeader collection={collection} />
      <nav className="tabs" aria-label="Collection tabs">
        <NavLink className={tabClass} to={paths.collection.getHref(collection.collection_id)} end>
          {site.stampsWord}
        </NavLink>
        <NavLink className={tabClass} to={paths.collectionCollectors.getHref(collection.collection_id)}>
          Collectors
        </NavLink>
        <NavLink className={tabClass} to={paths.collectionBurned.getHref(collection.collection_id)}>
          Burned
        </NavLink>
      </nav>
      <Outlet context={context} />
    </article>
  );
}
