import { api } from './api';

/** `GET /api/origins`: the site's origins (the only ones that may frame the wallet app) and the wallet app's. */
export type Origins = {
  site: string[];
  /** The Ninja wallet app's origin (`scheme://host[:port]`), null when it is not served. */
  wallet: string | null;
};

/** `value` when it is an http(s) origin written as such (no path, query or trailing slash), else null. */
function originOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value ? value : null;
  } catch {
    return null;
  }
}

/** The gateway's answer read defensively: what is not an origin is left out (a wallet that is not one is null). */
export function parseOrigins(raw: unknown): Origins {
  const record = typeof raw === 'object' && raw !== null ? (raw as { site?: unknown; wallet?: unknown }) : {};
  const site = Array.isArray(record.site) ? record.site.flatMap((entry) => originOf(entry) ?? []) : [];
  return { site, wallet: originOf(record.wallet) };
}

const originsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/origins`: where the site and the wallet app are served; it does not change while the page lives. */
    getOrigins: build.query<Origins, undefined>({
      query: () => 'origins',
      transformResponse: (raw: unknown) => parseOrigins(raw),
      keepUnusedDataFor: Infinity,
    }),
  }),
});

export { originsApi };

/** Where the Ninja wallet app is: its origin once known, null when it is not served, undefined before the answer. */
export type WalletOrigin = string | null | undefined;

/**
 * The Ninja wallet app's origin, as `GET /api/origins` says (asked unless `skip`): undefined until it answers,
 * null when no wallet app is served or the call failed.
 */
export function useWalletOrigin(skip = false): WalletOrigin {
  const { data, isError } = originsApi.useGetOriginsQuery(undefined, { skip });
  if (isError) return null;
  return data?.wallet;
}
