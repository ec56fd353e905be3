import type { SiteVariant } from '@/config/site';
import { api } from './api';
import { parseFeeRecord, parsePriceRecord, type FeeRecord, type PriceRecord } from './market-records';

/** The Server-Sent Events stream of live values (one event per value, named after its key, JSON data). */
export const REALTIME_URL = '/api/realtime';

/** A volume over a period, in satoshis, with its change in percent from the period before (null: none to compare). */
export type LiveVolume = { volume: number; variation: number | null };

/** A row of the live market lists `stats` and `xcp-stats`: a collection's (or directory's) market figures. */
export type MarketStatsRow = {
  /** The collection id. */
  id: string;
  name: string;
  holders: number;
  /** Satoshis: the cheapest 1/1 floor, or null when nothing is on sale. */
  uniqueFloorPrice: number | null;
  oneDayVolume: LiveVolume;
  oneWeekVolume: LiveVolume;
  oneMonthVolume: LiveVolume;
  /** Satoshis. */
  totalVolume: number;
  /** Satoshis, or null without a floor. */
  marketCap: number | null;
};

/**
 * The live value `catalogue`: the catalogue's state version (changed after every commit) and the height it projected.
 */
export type CatalogueVersion = { version: string; height: number };

/**
 * The live value `pending`: what transactions waiting for their block hold up. `items` are the dispensers (their
 * transaction hash) and listed UTXOs (`txid:vout`) left with nothing to buy until the block; `assets` the assets they
 * move.
 */
export type PendingView = { items: string[]; assets: string[] };

/** The live values the app shows; each is missing until its first event arrives. */
export type RealtimeValues = {
  /** The Counterparty protocol version the indexer implements. */
  cpVersion?: string;
  /** The market figures of the collections with stamps (the Stamps site's home). */
  stats?: MarketStatsRow[];
  /** The market figures of the staff directories (the XCP site's home). */
  xcpStats?: MarketStatsRow[];
  catalogue?: CatalogueVersion;
  /** The fee oracle's newest record. */
  mempoolFees?: FeeRecord;
  /** The newest bitcoin prices. */
  prices?: PriceRecord;
  /** What the mempool holds up. */
  pending?: PendingView;
};

/** An SSE event's data read as JSON; undefined when it is not JSON. */
export function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function finiteOrNull(value: unknown): number | null | undefined {
  if (value === null) return null;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function parseVolume(value: unknown): LiveVolume | null {
  if (!isRecord(value)) return null;
  const volume = finiteOrNull(value.volume);
  const variation = finiteOrNull(value.variation ?? null);
  if (typeof volume !== 'number' || variation === undefined) return null;
  return { volume, variation };
}

/** One row of a live market list, or null when it is malformed (a row without an id or figures is left out). */
function parseStatsRow(value: unknown): MarketStatsRow | null {
  if (!isRecord(value) || typeof value.id !== 'string' || value.id === '') return null;
  const oneDayVolume = parseVolume(value.oneDayVolume);
  const oneWeekVolume = parseVolume(value.oneWeekVolume);
  const oneMonthVolume = parseVolume(value.oneMonthVolume);
  const holders = finiteOrNull(value.holders);
  const totalVolume = finiteOrNull(value.totalVolume);
  const uniqueFloorPrice = finiteOrNull(value.uniqueFloorPrice ?? null);
  const marketCap = finiteOrNull(value.marketCap ?? null);
  if (
    !oneDayVolume ||
    !oneWeekVolume ||
    !oneMonthVolume ||
    typeof holders !== 'number' ||
    typeof totalVolume !== 'number'
  ) {
    return null;
  }
  if (uniqueFloorPrice === undefined || marketCap === undefined) return null;
  return {
    id: value.id,
    name: typeof value.name === 'string' ? value.name : '',
    holders,
    uniqueFloorPrice,
    oneDayVolume,
    oneWeekVolume,
    oneMonthVolume,
    totalVolume,
    marketCap,
  };
}

/**
 * A live market list (`stats`, `xcp-stats`) read defensively: its well-formed rows in order; null when it is no list.
 */
export function parseStatsList(value: unknown): MarketStatsRow[] | null {
  if (!Array.isArray(value)) return null;
  return value.flatMap((row: unknown) => {
    const parsed = parseStatsRow(row);
    return parsed ? [parsed] : [];
  });
}

/** The live value `catalogue`, or null when malformed. */
export function parseCatalogueVersion(value: unknown): CatalogueVersion | null {
  if (!isRecord(value) || typeof value.version !== 'string') return null;
  const height = value.height;
  if (typeof height !== 'number' || !Number.isSafeInteger(height) || height < 0) return null;
  return { version: value.version, height };
}

/** The live value `pending`, or null when malformed (entries that are not strings are left out). */
export function parsePendingView(value: unknown): PendingView | null {
  if (!isRecord(value)) return null;
  const strings = (list: unknown) =>
    Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  return { items: strings(value.items), assets: strings(value.assets) };
}

/** One positive SRC-20 balance of an address, as its live stream sends it; `balance` is an exact decimal string. */
export type LiveSrc20Balance = { tick: string; balance: string };

/** The data of an `src20/holders/{address}` event, or null when malformed (a malformed entry is left out). */
export function parseSrc20Holdings(value: unknown): LiveSrc20Balance[] | null {
  if (!Array.isArray(value)) return null;
  return value.flatMap((entry: unknown) =>
    isRecord(entry) && typeof entry.tick === 'string' && typeof entry.balance === 'string'
      ? [{ tick: entry.tick, balance: entry.balance }]
      : [],
  );
}

/** The stream of one address's SRC-20 balances; its events are named `src20/holders/{address}`. */
export function src20HoldersUrl(address: string): string {
  return `${REALTIME_URL}/src20/holders/${encodeURIComponent(address)}`;
}

/** The live SRC-20 balances of a list of addresses, per address; an address is missing until its first event. */
export type Src20Holdings = Record<string, LiveSrc20Balance[]>;

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
        const listen = (name: string, take: (value: unknown, draft: RealtimeValues) => void) => {
          source.addEventListener(name, (event: MessageEvent<unknown>) => {
            const value = parseJson(event.data);
            entry.updateCachedData((draft) => {
              take(value, draft);
            });
          });
        };
        listen('cpVersion', (value, draft) => {
          if (typeof value === 'string') draft.cpVersion = value;
        });
        listen('stats', (value, draft) => {
          const rows = parseStatsList(value);
          if (rows) draft.stats = rows;
        });
        listen('xcp-stats', (value, draft) => {
          const rows = parseStatsList(value);
          if (rows) draft.xcpStats = rows;
        });
        listen('catalogue', (value, draft) => {
          const catalogue = parseCatalogueVersion(value);
          if (catalogue) draft.catalogue = catalogue;
        });
        listen('mempoolFees', (value, draft) => {
          const fees = parseFeeRecord(value);
          if (fees) draft.mempoolFees = fees;
        });
        listen('prices', (value, draft) => {
          const prices = parsePriceRecord(value);
          if (prices) draft.prices = prices;
        });
        listen('pending', (value, draft) => {
          const pending = parsePendingView(value);
          if (pending) draft.pending = pending;
        });
        await entry.cacheEntryRemoved;
        source.close();
      },
    }),
    /**
     * The SRC-20 balances of each address, following `GET /api/realtime/src20/holders/{address}` (one stream per
     * address, for as long as the cache entry lives): the current balances first, then each change.
     */
    getSrc20Holdings: build.query<Src20Holdings, readonly string[]>({
      queryFn: () => ({ data: {} }),
      async onCacheEntryAdded(addresses, entry) {
        try {
          await entry.cacheDataLoaded;
        } catch {
          return;
        }
        const sources = [...new Set(addresses)].map((address) => {
          const source = new EventSource(src20HoldersUrl(address));
          source.addEventListener(`src20/holders/${address}`, (event: MessageEvent<unknown>) => {
            const balances = parseSrc20Holdings(parseJson(event.data));
            if (!balances) return;
            entry.updateCachedData((draft) => {
              draft[address] = balances;
            });
          });
          return source;
        });
        await entry.cacheEntryRemoved;
        for (const source of sources) source.close();
      },
    }),
  }),
});

/** Opens the realtime stream ahead of the first page's code (the app's first-page prefetch). */
export function prefetchRealtime() {
  return realtimeApi.util.prefetch('getRealtime', undefined, {});
}

function useRealtime(): RealtimeValues | undefined {
  return realtimeApi.useGetRealtimeQuery(undefined).data;
}

/** The Counterparty version from the realtime stream, once it has arrived. */
export function useCpVersion(): string | undefined {
  return useRealtime()?.cpVersion;
}

/** The catalogue's version and projected height, once the realtime stream has sent them. */
export function useCatalogueVersion(): CatalogueVersion | undefined {
  return useRealtime()?.catalogue;
}

/** The fee oracle's record from the realtime stream, once it has arrived. */
export function useLiveFees(): FeeRecord | undefined {
  return useRealtime()?.mempoolFees;
}

/**
 * Whether a transaction waiting for its block holds up the listing `txHash` (a dispenser's hash or a listed UTXO): it
 * was just bought or closed, and nothing is left to buy until the block.
 */
export function usePendingItem(txHash: string): boolean {
  return useRealtime()?.pending?.items.includes(txHash) ?? false;
}

/** Whether a transaction waiting for its block moves some of `asset` (a card shows it as pending). */
export function usePendingAsset(asset: string): boolean {
  return useRealtime()?.pending?.assets.includes(asset) ?? false;
}

/** The bitcoin prices from the realtime stream, once they have arrived. */
export function useLivePrices(): PriceRecord | undefined {
  return useRealtime()?.prices;
}

/**
 * The live market list of a site (spec: the `stats` list on the Stamps site, `xcp-stats` on the XCP site), most
 * sold first; undefined until it has arrived.
 */
export function useMarketStats(variant: SiteVariant): MarketStatsRow[] | undefined {
  const values = useRealtime();
  return variant === 'xcp' ? values?.xcpStats : values?.stats;
}

/** The live SRC-20 balances of `addresses` (sorted, so that the same addresses share one entry). */
export function useSrc20Holdings(addresses: readonly string[]): Src20Holdings | undefined {
  const sorted = [...new Set(addresses)].sort();
  return realtimeApi.useGetSrc20HoldingsQuery(sorted, { skip: sorted.length === 0 }).data;
}
