/**
 * What the site asks of the wallet panel: the query it opens the panel with (spec §2, 'Wallet panel'): `action`, then
 * `tx` (a buy's cart hashes, comma-separated), `cpid` (what a mint is of), `purpose` (a sign-in's) and `timestamp`.
 */

/** A cart hash: a dispenser's transaction hash, or an atomic swap's listed output (`txid:vout`). */
const HASH = /^[0-9a-f]{64}(:\d{1,5})?$/;
/** The cart holds at most five. */
export const MAX_HASHES = 5;
/** A request older than this is refused: the site opens the panel as the user clicks. */
export const REQUEST_MAX_AGE_MS = 10 * 60 * 1000;

export type PanelRequest =
  | { action: 'buy'; hashes: string[] }
  | { action: 'sign-in'; purpose: 'connect' | 'link' }
  | { action: 'fairmint' | 'mint-src20' | 'mint-launchpad'; cpid: string }
  | { action: 'mint' };

/** The action named in `search`, if any: the app opens as the panel only then. */
export function panelAction(search: string): string | null {
  return new URLSearchParams(search).get('action');
}

/** The panel's request read from the page's query, or why it cannot be served (a text to show). */
export function parseRequest(search: string, now: number): PanelRequest | { error: string } {
  const query = new URLSearchParams(search);
  const timestamp = Number(query.get('timestamp'));
  if (!Number.isSafeInteger(timestamp) || timestamp <= 0) return { error: 'This request has no time: refused.' };
  if (Math.abs(now - timestamp) > REQUEST_MAX_AGE_MS) {
    return { error: 'This request is too old: close the panel and try again from the site.' };
  }
  const action = query.get('action');
  switch (action) {
    case 'buy': {
      const hashes = (query.get('tx') ?? '')
        .split(',')
        .map((hash) => hash.trim().toLowerCase())
        .filter((hash) => hash !== '');
      if (hashes.length === 0) return { error: 'Nothing to buy: the cart is empty.' };
      if (hashes.length > MAX_HASHES) return { error: `At most ${String(MAX_HASHES)} items can be bought at once.` };
      if (!hashes.every((hash) => HASH.test(hash))) return { error: 'The cart holds an unknown item: refused.' };
      return { action, hashes: [...new Set(hashes)] };
    }
    case 'sign-in': {
      const purpose = query.get('purpose') ?? 'connect';
      if (purpose !== 'connect' && purpose !== 'link') return { error: 'Unknown sign-in request: refused.' };
      return { action, purpose };
    }
    case 'fairmint':
    case 'mint-src20':
    case 'mint-launchpad': {
      const cpid = (query.get('cpid') ?? '').trim();
      if (!/^[\w.-]{1,250}$/u.test(cpid)) return { error: 'Nothing to mint was named: refused.' };
      return { action, cpid };
    }
    case 'mint':
      return { action };
    default:
      return { error: 'Unknown request: refused.' };
  }
}

/** The request of the page at `search` (the wallet's own page when it names no action). */
export function pageRequest(search: string, now: number): PanelRequest | { error: string } | null {
  return panelAction(search) === null ? null : parseRequest(search, now);
}
