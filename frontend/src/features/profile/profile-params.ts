import { PAGE_PARAM, parsePage } from '@/utils/pagination';

/** The profile's tabs, in the spec's order; Collected is the default. */
export const PROFILE_TABS = ['collected', 'minted', 'owned', 'src20', 'wishlist', 'activity', 'collections'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
export const DEFAULT_PROFILE_TAB: ProfileTab = 'collected';

/** The stamp lists of the tabs, as the API names them: held, created, owned. */
export const STAMP_LIST_OF_TAB = {
  collected: 'holders_addresses',
  minted: 'creator',
  owned: 'owner',
} as const satisfies Partial<Record<ProfileTab, string>>;
export type ProfileStampList = (typeof STAMP_LIST_OF_TAB)[keyof typeof STAMP_LIST_OF_TAB];

/**
 * Whether a tab lists the stamps of the profile's addresses (and so takes the stamp filters and the `collection`
 * scope).
 */
export function isStampTab(tab: ProfileTab): tab is keyof typeof STAMP_LIST_OF_TAB {
  return tab in STAMP_LIST_OF_TAB;
}

/** Whether a tab takes the `collection` scope: the stamp lists and the wishlist. */
export function isScopedTab(tab: ProfileTab): boolean {
  return isStampTab(tab) || tab === 'wishlist';
}

/** The query parameter scoping the profile's stamp lists to one collection (spec: `?collection={collection_id}`). */
export const COLLECTION_PARAM = 'collection';

/** The profile's state as the URL holds it (the profile id is in the path). */
export type ProfileState = {
  tab: ProfileTab;
  page: number;
  /** The address whose SRC-20 activity shows; null is the profile's first. */
  address: string | null;
  /** The collection the stamp lists are scoped to; null for all. */
  collection: string | null;
};

export const EMPTY_PROFILE_STATE: ProfileState = { tab: DEFAULT_PROFILE_TAB, page: 1, address: null, collection: null };

/** Reads the state: an unknown tab is the default; the address counts on the SRC-20 tab only. */
export function parseProfileState(params: URLSearchParams): ProfileState {
  const tab = PROFILE_TABS.find((candidate) => candidate === params.get('tab')) ?? DEFAULT_PROFILE_TAB;
  return {
    tab,
    page: parsePage(params.get(PAGE_PARAM)),
    address: tab === 'src20' ? params.get('address') || null : null,
    collection: params.get(COLLECTION_PARAM)?.trim() || null,
  };
}

/** The query string of a state: the default tab, page 1, no address and no collection are left out. */
export function profileParams(state: ProfileState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tab !== DEFAULT_PROFILE_TAB) params.set('tab', state.tab);
  if (state.collection) params.set(COLLECTION_PARAM, state.collection);
  if (state.tab === 'src20' && state.address) params.set('address', state.address);
  if (state.page > 1) params.set(PAGE_PARAM, String(state.page));
  return params;
}

/**
 * The query string of a tab's link: a tab change resets the page, the address and the lists' filters; the
 * collection scope stays.
 */
export function tabSearch(tab: ProfileTab, collection: string | null = null): string {
  const query = profileParams({ tab, page: 1, address: null, collection }).toString();
  return query ? `?${query}` : '';
}

/** Picks the address whose SRC-20 activity shows; resets the page. The first address is the default. */
export function chooseActivityAddress(
  state: ProfileState,
  address: string,
  addresses: readonly string[],
): ProfileState {
  return { ...state, address: address === addresses[0] ? null : address, page: 1 };
}

/** The address whose SRC-20 activity shows: the chosen one if it is the profile's, else the first. */
export function activityAddress(state: ProfileState, addresses: readonly string[]): string | null {
  if (state.address && addresses.includes(state.address)) return state.address;
  return addresses[0] ?? null;
}

/** The length of an address (a P2WPKH one, bc1q...): shorter user ids are names. */
export const ADDRESS_ID_LENGTH = 42;

/** Whether a user id is displayed as a creator (spec: user ids shorter than 42 characters), not as an address. */
export function isCreatorId(userId: string): boolean {
  return userId.length < ADDRESS_ID_LENGTH;
}
