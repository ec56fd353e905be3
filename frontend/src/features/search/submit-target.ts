import { searchTarget } from '@/utils/search';
import type { AutocompleteStamp } from './types';

/** The one stamp whose cpid (case-insensitively) or number is exactly the text, if there is exactly one. */
export function exactStamp(text: string, hits: readonly AutocompleteStamp[]): AutocompleteStamp | undefined {
  const query = text.trim();
  if (!query) return undefined;
  const upper = query.toUpperCase();
  const matches = hits.filter((hit) => hit.cpid.toUpperCase() === upper || String(hit.stamp) === query);
  return matches.length === 1 ? matches[0] : undefined;
}

/**
 * Where submitting the search box goes: straight to the one exact match's page if there is one, otherwise
 * /search/{text} (or /search when the box is empty).
 */
export function submitTarget(
  text: string,
  hits: readonly AutocompleteStamp[],
  stampHref: (cpid: string) => string,
): string {
  const match = exactStamp(text, hits);
  return match ? stampHref(match.cpid) : searchTarget(text);
}
