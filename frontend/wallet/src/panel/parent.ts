/**
 * The panel's one correspondent: the site page that framed it. Its origin must be one of the site origins the
 * gateway is configured with (`GET /api/origins`); the panel posts only to it, and reads only its messages.
 */

/**
 * What the panel tells the site (spec §2): close it, drop bought hashes from the cart, a signed sign-in, or that it
 * waits for the stamp to mint.
 */
export type PanelMessage =
  | 'close'
  | 'ready'
  | `remove:${string}`
  | { type: 'ninja:signed'; address: string; message: string; signature: string };

/** The site origins the wallet serves (`/api/origins`); an empty list when the answer cannot be read. */
export async function fetchSiteOrigins(signal?: AbortSignal): Promise<string[]> {
  const response = await fetch('/api/origins', { headers: { accept: 'application/json' }, signal });
  if (!response.ok) return [];
  const body: unknown = await response.json();
  const site = typeof body === 'object' && body !== null ? (body as { site?: unknown }).site : null;
  return Array.isArray(site) ? site.filter((origin): origin is string => typeof origin === 'string') : [];
}

/** The origin of the page framing this one, as the browser tells it; null when not framed or not told. */
export function framingOrigin(view: Window = window): string | null {
  if (view.parent === view) return null;
  const ancestors = view.location.ancestorOrigins as DOMStringList | undefined;
  if (ancestors && ancestors.length > 0) return ancestors.item(0);
  try {
    return view.document.referrer ? new URL(view.document.referrer).origin : null;
  } catch {
    return null;
  }
}

/** The framing site's origin when it is one of `allowed`, else null: the panel then acts for nobody. */
export function askingSite(framing: string | null, allowed: readonly string[]): string | null {
  return framing !== null && allowed.includes(framing) ? framing : null;
}

/** Posts `message` to the framing page, delivered only if that page is at `origin`. */
export function postToSite(origin: string, message: PanelMessage, view: Window = window): void {
  view.parent.postMessage(message, origin);
}
