import { ApiError } from '../api';

/**
 * The site's session as the panel sees it: the gateway serves the API on the wallet's origin too, and the session
 * cookie of the site reaches it (one host in development; a shared parent domain in production).
 */

/** The signed-in user's addresses; `current` is the one the session signed in with. */
export type SiteUser = { addresses: string[]; current: string };

/** The signed-in user, or null when the site has no session here. */
export async function fetchSiteUser(signal?: AbortSignal): Promise<SiteUser | null> {
  const response = await fetch('/api/user', {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    signal,
  });
  if (response.status === 401) return null;
  if (!response.ok) throw new ApiError(`/api/user answered ${String(response.status)}`, response.status);
  const body: unknown = await response.json();
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const addresses = Array.isArray(record.addresses)
    ? record.addresses.filter((address): address is string => typeof address === 'string')
    : [];
  const current = typeof record.currentAddress === 'string' ? record.currentAddress : (addresses[0] ?? '');
  if (!current) throw new ApiError('/api/user answered without an address');
  return { addresses, current };
}

/**
 * Signs `address` in to the site with its own key (`sign`, BIP-322): the site's challenge, signed, submitted as the
 * Ninja wallet. The session it opens is the site's (the cookie is shared with the wallet's origin).
 */
export async function signInWith(address: string, sign: (message: string) => string): Promise<void> {
  const message = await fetchChallenge(address, 'connect');
  const response = await fetch('/api/auth', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'text/plain' },
    body: JSON.stringify({ address, message, signature: sign(message), type: 'ninja' }),
  });
  const text = (await response.text()).trim();
  if (!response.ok || text !== 'success') {
    throw new ApiError(text === 'expired' ? 'Token expired' : 'The site did not sign this wallet in.', response.status);
  }
}

/**
 * The message the site asks `address` to sign (`/api/auth/message/{address}`, or `/api/auth/link/{address}` to add
 * it to the signed-in user); it must name the address, or nothing is signed.
 */
export async function fetchChallenge(address: string, purpose: 'connect' | 'link'): Promise<string> {
  const path = `/api/auth/${purpose === 'link' ? 'link' : 'message'}/${encodeURIComponent(address)}`;
  const response = await fetch(path, { credentials: 'same-origin', headers: { accept: 'text/plain' } });
  const text = await response.text();
  if (!response.ok) {
    let reason = text;
    try {
      const body = JSON.parse(text) as { error?: unknown };
      if (typeof body.error === 'string') reason = body.error;
    } catch {
      // Plain text already.
    }
    throw new ApiError(reason || `The site answered ${String(response.status)}.`, response.status);
  }
  if (!text.includes(address)) throw new ApiError('The message to sign does not name this wallet: refused.');
  return text;
}
