import { paths } from '@/config/paths';
import type { SiteVariant } from '@/config/site';
import type { Collection } from './types';

/** The creator values that are not profiles. */
export const NETWORK_OWNER = 'XCP';
export const COMMUNITY_OWNER = 'COMMUNITY';
/** Longer user ids are addresses, not names: the creator is then not displayed. */
export const MAX_CREATOR_LENGTH = 20;

/**
 * The collection page's heading (spec): 'Launchpad collection' for a launchpad; 'Directory' on the XCP site when
 * the owner is the network default; otherwise 'Collection'.
 */
export function collectionHeading(collection: Pick<Collection, 'is_launchpad' | 'user_id'>, site: SiteVariant): string {
  if (collection.is_launchpad) return 'Launchpad collection';
  if (site === 'xcp' && collection.user_id === NETWORK_OWNER) return 'Directory';
  return 'Collection';
}

/** The collection's title: its name, prefixed for SRC-721, or its id when it has no name. */
export function collectionTitle(collection: Pick<Collection, 'name' | 'collection_id' | 'type'>): string {
  const name = collection.name || collection.collection_id;
  return collection.type === 'src721' ? `SRC-721 ${name}` : name;
}

/** How the creator shows: a profile link, plain COMMUNITY, or not at all. */
export type CreatorDisplay = { kind: 'link'; userId: string } | { kind: 'plain'; text: string } | { kind: 'none' };

/**
 * The creator rule (spec): displayed only if the user id is at most 20 characters and is not XCP; COMMUNITY is
 * shown as plain text, any other id links to its profile.
 */
export function creatorDisplay(userId: string | null | undefined): CreatorDisplay {
  if (!userId || userId.length > MAX_CREATOR_LENGTH || userId === NETWORK_OWNER) return { kind: 'none' };
  if (userId === COMMUNITY_OWNER) return { kind: 'plain', text: COMMUNITY_OWNER };
  return { kind: 'link', userId };
}

/** The profile page of a user id. */
export function profileHref(userId: string): string {
  return paths.profile.getHref(userId);
}

/** The collection's image: its icon stamp, else its first stamp. */
export function collectionImages(collection: Pick<Collection, 'icon_id' | 'stamp_images'>): string[] {
  const icon = collection.icon_id ? `/s/${encodeURIComponent(collection.icon_id)}` : null;
  return [icon, ...collection.stamp_images].filter((url): url is string => Boolean(url));
}

/** A twitter handle or URL as a link: "@name" or "name" -> https://x.com/name. */
export function twitterHref(twitter: string): string | null {
  const trimmed = twitter.trim();
  if (!trimmed) return null;
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  const handle = trimmed.replace(/^@/, '');
  return /^\w{1,50}$/.test(handle) ? `https://x.com/${handle}` : null;
}

/** A website as a safe link: http(s) only, a bare host gets https. */
export function websiteHref(website: string): string | null {
  const trimmed = website.trim();
  if (!trimmed) return null;
  const url = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The home page's SRC-721 section shows 10 collections; the see-all link appears only when there are more. */
export const HOME_COLLECTIONS_SHOWN = 10;
export function showSeeAll(total: number): boolean {
  return total > HOME_COLLECTIONS_SHOWN;
}
