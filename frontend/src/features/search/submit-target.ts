import { paths } from '@/config/paths';
import { searchTarget } from '@/utils/search';
import type { Autocomplete } from './types';

/** The one item `matches` keeps, if it keeps exactly one. */
function only<T>(items: readonly T[], matches: (item: T) => boolean): T | undefined {
  const found = items.filter(matches);
  return found.length === 1 ? found[0] : undefined;
}

/**
 * The page of the one exact match of the text, if there is one (spec, in this order): a user by id or display name,
 * a stamp by cpid, a collection by id or name, an SRC-20 by tick. Matching ignores case and surrounding spaces.
 */
export function exactMatch(text: string, hits: Autocomplete, stampHref: (cpid: string) => string): string | undefined {
  const query = text.trim().toUpperCase();
  if (!query) return undefined;
  const same = (value: string | null | undefined) => value?.toUpperCase() === query;
  const user = only(hits.leaderboardHits, (hit) => same(hit.user_id) || same(hit.display_name));
  if (user) return paths.profile.getHref(user.display_name ?? user.user_id);
  const stamp = only(hits.stampHits, (hit) => same(hit.cpid));
  if (stamp) return stampHref(stamp.cpid);
  const collection = only(hits.collectionHits, (hit) => same(hit.collection_id) || same(hit.name));
  if (collection) return paths.collection.getHref(collection.collection_id);
  const src20 = only(hits.src20Hits, (hit) => same(hit.tick));
  if (src20) return paths.src20Tick.getHref(src20.tick);
  return undefined;
}

/**
 * Where submitting the search box goes: straight to the one exact match's page if there is one, otherwise
 * /search/{text} (or /search when the box is empty).
 */
export function submitTarget(text: string, hits: Autocomplete, stampHref: (cpid: string) => string): string {
  return exactMatch(text, hits, stampHref) ?? searchTarget(text);
}
