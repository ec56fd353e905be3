import { paths } from '@/config/paths';

/** Where submitting the header search box goes: /search/{text}, or /search when the box is empty. */
export function searchTarget(text: string): string {
  const query = text.trim();
  return query ? paths.searchQuery.getHref(query) : paths.search.getHref();
}
