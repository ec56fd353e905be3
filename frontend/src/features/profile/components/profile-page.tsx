import { useEffect, useId, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { useSite } from '@/lib/site-variant';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useGetProfileQuery } from '../api';
import {
  activityAddress,
  chooseActivityAddress,
  parseProfileState,
  PROFILE_TABS,
  profileParams,
  tabSearch,
  type ProfileTab,
} from '../profile-params';
import type { Profile } from '../types';
import { profileName, ProfileHeader } from './profile-header';

/** What a tab's panel gets to render its content. */
export type ProfilePanelProps = {
  tab: ProfileTab;
  profile: Profile;
  addresses: string[];
  /** The 1-based page of the tab's list. */
  page: number;
  /** The address whose SRC-20 activity shows (null without addresses). */
  activityAddress: string | null;
  /** Picks another address for the SRC-20 activity (resets the page). */
  chooseAddress: (address: string) => void;
  /** The accessible name of the tab's list ('Collected stamps'). */
  label: string;
  /** The collection the stamp lists are scoped to (`?collection=`), null for all. */
  collection: string | null;
  /** The query string of the current tab without the collection scope. */
  unscopedSearch: string;
};

/** Renders a tab's content; the app composes it from the features that own the data. */
export type RenderProfilePanel = (props: ProfilePanelProps) => ReactNode;

const TAB_LABELS: Record<ProfileTab, string> = {
  collected: 'Collected',
  minted: 'Minted',
  owned: 'Owned',
  src20: 'SRC-20',
  wishlist: 'Wishlist',
  activity: 'Activity',
  collections: 'Collections',
};

function ProfileBody({ profile, renderPanel }: { profile: Profile; renderPanel: RenderProfilePanel }) {
  const site = useSite();
  const { pathname } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseProfileState(searchParams);
  const addresses = profile.addresses ?? [];
  const titleId = useId();

  return (
    <article className="profile" aria-labelledby={titleId}>
      <ProfileHeader profile={profile} titleId={titleId} />
      <nav className="profile__tabs" aria-label="Profile sections">
        {PROFILE_TABS.map((tab) => (
          <Link
            key={tab}
            className={tab === state.tab ? 'profile__tab profile__tab--current' : 'profile__tab'}
            to={{ pathname, search: tabSearch(tab, state.collection) }}
            aria-current={tab === state.tab ? 'page' : undefined}
          >
            {TAB_LABELS[tab]}
          </Link>
        ))}
      </nav>
      <div className="profile__panel">
        {renderPanel({
          tab: state.tab,
          profile,
          addresses,
          page: state.page,
          activityAddress: activityAddress(state, addresses),
          chooseAddress: (address) => {
            setSearchParams(profileParams(chooseActivityAddress(state, address, addresses)));
          },
          label:
            state.tab === 'collections' || state.tab === 'activity'
              ? TAB_LABELS[state.tab]
              : `${TAB_LABELS[state.tab]} ${site.stampsWord.toLowerCase()}`,
          collection: state.collection,
          unscopedSearch: tabSearch(state.tab),
        })}
      </div>
    </article>
  );
}

/**
 * A profile (/profile/{display name, user id or address}): header, stats and the tabs the API serves. When the API
 * names another profile to show (`{redirect}`), the page goes there, replacing the history entry.
 */
export function ProfilePage({ id, renderPanel }: { id: string; renderPanel: RenderProfilePanel }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { data, error, isLoading, isError } = useGetProfileQuery(id);
  const redirect = data?.redirect;
  useDocumentTitle(`Profile: ${data && !redirect ? profileName(data) : id}`);

  useEffect(() => {
    if (redirect && redirect !== id) {
      void navigate({ pathname: paths.profile.getHref(redirect), search }, { replace: true });
    }
  }, [redirect, id, search, navigate]);

  if (isLoading || (redirect && redirect !== id)) return <Loading />;
  // A profile redirecting to itself: nothing to show.
  if (redirect) return <ErrorNotice message={GENERIC_ERROR} />;
  if (isError || !data) {
    const status = errorStatus(error);
    return <ErrorNotice message={(status === 404 || status === 400 ? errorMessage(error) : null) ?? GENERIC_ERROR} />;
  }
  return <ProfileBody profile={data} renderPanel={renderPanel} />;
}
