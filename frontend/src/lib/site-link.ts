/** Where a curated link (announcement, banner) leads: a page of this site, or another site. */
export type SiteLink = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

/**
 * Reads a curated link: a site path (`/collection/X`) or an absolute http(s) URL. A URL on this site's origin is a
 * site path. Anything else (other schemes, protocol-relative or bare text) is no link at all.
 */
export function siteLink(link: string | null | undefined, origin: string = window.location.origin): SiteLink | null {
  const text = link?.trim() ?? '';
  if (!text) return null;
  if (text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\')) return { kind: 'internal', to: text };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.origin === origin) return { kind: 'internal', to: `${url.pathname}${url.search}${url.hash}` };
  return { kind: 'external', href: url.href };
}

/** A path without its trailing slash ('/' stays '/'). */
function trimPath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Whether a curated link points at the page at `pathname` (the query and the fragment are not compared). */
export function linksToPage(
  link: string | null | undefined,
  pathname: string,
  origin: string = window.location.origin,
): boolean {
  const target = siteLink(link, origin);
  if (target?.kind !== 'internal') return false;
  const path = new URL(target.to, origin).pathname;
  return trimPath(path) === trimPath(pathname);
}
