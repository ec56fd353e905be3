import { useParams } from 'react-router';
import { ProfilePage, type ProfilePanelProps } from '@/features/profile/components/profile-page';
import { STAMP_LIST_OF_TAB } from '@/features/profile/profile-params';
import { Src20Activity, Src20Balances } from '@/features/src20/components/address-src20';
import { AddressStamps } from '@/features/stamps/components/address-stamps';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/** A tab's content: the SRC-20 balances and activity, or one of the stamp lists. */
function renderPanel({ tab, profile, addresses, page, activityAddress, chooseAddress, label }: ProfilePanelProps) {
  if (tab === 'src20') {
    return (
      <>
        <h2 className="profile__section-title">Balances</h2>
        <Src20Balances balances={profile.src20 ?? []} />
        <h2 className="profile__section-title">Activity</h2>
        {activityAddress ? (
          <Src20Activity addresses={addresses} address={activityAddress} page={page} onAddressChange={chooseAddress} />
        ) : (
          <p className="empty">NO RESULTS</p>
        )}
      </>
    );
  }
  return (
    <>
      <h2 className="visually-hidden">{label}</h2>
      <AddressStamps list={STAMP_LIST_OF_TAB[tab]} addresses={addresses} page={page} label={label} />
    </>
  );
}

/** A profile (/profile/{username or user_id}); tab, page and activity address in the query. */
export function Component() {
  const id = useParams().id ?? '';
  return <ProfilePage key={id} id={id} renderPanel={renderPanel} />;
}
