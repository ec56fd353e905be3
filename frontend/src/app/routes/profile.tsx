import { Link, useLocation, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useGetCollectionQuery } from '@/features/collections/api';
import { UserCollections } from '@/features/collections/components/user-collections';
import { collectionTitle } from '@/features/collections/rules';
import { ProfilePage, type ProfilePanelProps } from '@/features/profile/components/profile-page';
import { ProfileActivity } from '@/features/profile/components/profile-activity';
import { isStampTab, STAMP_LIST_OF_TAB } from '@/features/profile/profile-params';
import { LiveSrc20Balances, Src20Activity } from '@/features/src20/components/address-src20';
import { AddressStamps } from '@/features/stamps/components/address-stamps';
import { useSite } from '@/lib/site-variant';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/** The collection the stamp lists are scoped to, with a link back to all of them. */
function CollectionScope({ id, unscopedSearch }: { id: string; unscopedSearch: string }) {
  const site = useSite();
  const { pathname } = useLocation();
  const { data } = useGetCollectionQuery(id);
  return (
    <p className="profile__scope">
      Only the {site.stampsWord.toLowerCase()} of{' '}
      <Link className="text-link" to={paths.collection.getHref(id)}>
        {data ? collectionTitle(data) : id}
      </Link>{' '}
      ·{' '}
      <Link className="text-link" to={{ pathname, search: unscopedSearch }}>
        Show all
      </Link>
    </p>
  );
}

/**
 * A tab's content: the SRC-20 balances and activity, the Counterparty activity, the wishlist, the collections
 * created, or one of the stamp lists.
 */
function Panel({
  tab,
  profile,
  addresses,
  page,
  activityAddress,
  chooseAddress,
  label,
  collection,
  unscopedSearch,
}: ProfilePanelProps) {
  const site = useSite();
  if (tab === 'src20') {
    return (
      <>
        <h2 className="profile__section-title">Balances</h2>
        <LiveSrc20Balances addresses={addresses} initial={profile.src20 ?? []} />
        <h2 className="profile__section-title">Activity</h2>
        {activityAddress ? (
          <Src20Activity addresses={addresses} address={activityAddress} page={page} onAddressChange={chooseAddress} />
        ) : (
          <p className="empty">NO RESULTS</p>
        )}
      </>
    );
  }
  if (tab === 'activity') {
    return (
      <>
        <h2 className="visually-hidden">{label}</h2>
        <ProfileActivity addresses={addresses} page={page} />
      </>
    );
  }
  if (tab === 'wishlist') {
    return (
      <>
        <h2 className="visually-hidden">{label}</h2>
        {collection && <CollectionScope id={collection} unscopedSearch={unscopedSearch} />}
        <AddressStamps source={{ wishlist: profile.user_id ?? '' }} label={label} collection={collection} />
      </>
    );
  }
  if (!isStampTab(tab)) {
    return (
      <>
        <h2 className="visually-hidden">{label}</h2>
        {profile.user_id ? (
          <UserCollections userId={profile.user_id} page={page} stampsWord={site.stampsWord} />
        ) : (
          <p className="empty">NO RESULTS</p>
        )}
      </>
    );
  }
  return (
    <>
      <h2 className="visually-hidden">{label}</h2>
      {collection && <CollectionScope id={collection} unscopedSearch={unscopedSearch} />}
      <AddressStamps
        source={{ list: STAMP_LIST_OF_TAB[tab], addresses }}
        label={label}
        collection={collection}
        slideshow={tab === 'collected'}
      />
    </>
  );
}

/** A profile (/profile/{username or user_id}); tab, page, filters, collection and activity address in the query. */
export function Component() {
  const id = useParams().id ?? '';
  return <ProfilePage key={id} id={id} renderPanel={(props) => <Panel {...props} />} />;
}
