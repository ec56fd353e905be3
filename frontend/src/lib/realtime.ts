import { api } from './api';

/** The Server-Sent Events stream of live values (one event per value, named after its key, JSON data). */
export const REALTIME_URL = '/api/realtime';

/** The live values the app shows; each is missing until its first event arrives. */
export type RealtimeValues = {
  /** The Counterparty protocol version the indexer implements. */
  cpVersion?: string;
};

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const realtimeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One stream for the whole app: opened with the cache entry, closed when the entry goes. */
    getRealtime: build.query<RealtimeValues, undefined>({
      queryFn: () => ({ data: {} }),
      async onCacheEntryAdded(_arg, entry) {
        try {
          await entry.cacheDataLoaded;
        } catch {
          // The entry went before its first value: nothing to stream into.
          return;
        }
        const source = new EventSource(REALTIME_URL);
        source.addEventListener('cpVersion', (event: MessageEvent<unknown>) => {
          const value = parseJson(event.data);
          if (typeof value === 'string') {
            entry.updateCachedData((draft) => {
              draft.cpVersion = value;
            });
          }
        });
        await entry.cacheEntryRemoved;
        source.close();
      },
    }),
  }),
});

/** The Counterparty version from the realtime stream, once it has arrived. */
export function useCpVersion(): string | undefined {
  return realtimeApi.useGetRealtimeQuery(undefined).data?.cpVersion;
}
