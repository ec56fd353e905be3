import { parseQuantity, parseSats } from './amount';
import { STAMPS_PAGE_SIZE } from './config';

/**
 * The wallet's reads of the API, same-origin (`/api/...`: the gateway serves the API on the wallet's origin too):
 * the BTC balance, and the stamps and SRC-20 balances the address holds, from the public endpoints the site's
 * profile page reads, and the address's recent Counterparty activity.
 */

/** `GET /api/wallet/balance/{address}`, in integer satoshis; `unconfirmed` may be negative (spends in the mempool). */
export type Balance = { confirmed: bigint; unconfirmed: bigint };

/** A stamp the address holds, as the list gives it. */
export type HeldStamp = { cpid: string; stamp: number; ident?: string };

/** The address's stamps: the first page of the list and how many there are in all. */
export type HeldStamps = { hits: HeldStamp[]; total: number };

/** One SRC-20 balance; `balance` is an exact decimal string. */
export type Src20Holding = { tick: string; balance: string };

/** What an activity event did, as `/api/activity` names it. */
export const ACTIVITY_TYPES = [
  'send',
  'receive',
  'attach',
  'detach',
  'move',
  'issuance',
  'transfer',
  'destroy',
  'buy',
  'sell',
  'fairmint',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** One event of the address's Counterparty activity; `quantity` in base units, `timestamp` in unix seconds. */
export type ActivityEvent = {
  asset: string;
  assetLongname?: string;
  quantity: bigint;
  divisible: boolean;
  type: ActivityType;
  txHash: string;
  blockIndex: number;
  timestamp: number;
};

/** The API answered with an error, or with something the wallet cannot read. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function getJson(path: string, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(path, { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new ApiError(`${path} answered ${String(response.status)}`, response.status);
  try {
    return await response.json();
  } catch {
    throw new ApiError(`${path} answered something other than JSON`, response.status);
  }
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ApiError(`${what}: not an object`);
  return value as Record<string, unknown>;
}

/** The address's BTC balance. */
export async function fetchBalance(address: string, signal?: AbortSignal): Promise<Balance> {
  const body = record(await getJson(`/api/wallet/balance/${encodeURIComponent(address)}`, signal), 'balance');
  const confirmed = parseSats(body.confirmed);
  const unconfirmed = parseSats(body.unconfirmed ?? 0);
  if (confirmed === null || unconfirmed === null) throw new ApiError('balance: amounts are not integer satoshis');
  return { confirmed, unconfirmed };
}

/** The stamps the address holds (`/api/stamps/holders_addresses`, as the profile's Collected list asks). */
export async function fetchStamps(address: string, signal?: AbortSignal): Promise<HeldStamps> {
  const query = new URLSearchParams({
    addresses: address,
    offset: '0',
    limit: String(STAMPS_PAGE_SIZE),
    sort: 'stamp:asc',
  });
  const body = record(await getJson(`/api/stamps/holders_addresses?${query.toString()}`, signal), 'stamps');
  if (!Array.isArray(body.hits)) throw new ApiError('stamps: no list of hits');
  const hits = body.hits.flatMap((hit: unknown): HeldStamp[] => {
    const item = record(hit, 'stamp');
    if (typeof item.cpid !== 'string' || typeof item.stamp !== 'number') return [];
    return [{ cpid: item.cpid, stamp: item.stamp, ...(typeof item.ident === 'string' ? { ident: item.ident } : {}) }];
  });
  const total = typeof body.estimatedTotalHits === 'number' ? body.estimatedTotalHits : hits.length;
  return { hits, total };
}

/**
 * The address's SRC-20 balances, from its profile (`/api/profile/{address}`, as the profile's SRC-20 tab shows them).
 * An address linked to a user redirects to the user's profile: its balances are then those listed for this address.
 * An address the catalogue does not know (404) holds none.
 */
export async function fetchSrc20(address: string, signal?: AbortSignal): Promise<Src20Holding[]> {
  let body: Record<string, unknown>;
  try {
    body = record(await getJson(`/api/profile/${encodeURIComponent(address)}`, signal), 'profile');
    if (typeof body.redirect === 'string' && body.redirect !== '' && body.redirect !== address) {
      body = record(await getJson(`/api/profile/${encodeURIComponent(body.redirect)}`, signal), 'profile');
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
  const balances = Array.isArray(body.src20) ? body.src20 : [];
  return balances.flatMap((entry: unknown): Src20Holding[] => {
    const item = record(entry, 'SRC-20 balance');
    if (item.address !== address || typeof item.tick !== 'string' || typeof item.balance !== 'string') return [];
    return [{ tick: item.tick, balance: item.balance }];
  });
}

function isActivityType(value: unknown): value is ActivityType {
  return (ACTIVITY_TYPES as readonly unknown[]).includes(value);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** One item of `/api/activity`'s hits; null when it is not one the wallet can show. */
function activityEvent(value: unknown): ActivityEvent | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const item = value as Record<string, unknown>;
  const quantity = parseQuantity(item.quantity);
  if (
    typeof item.asset !== 'string' ||
    item.asset === '' ||
    quantity === null ||
    typeof item.divisible !== 'boolean' ||
    !isActivityType(item.tx_type) ||
    typeof item.tx_hash !== 'string' ||
    !/^[0-9a-f]{64}$/i.test(item.tx_hash) ||
    !isCount(item.block_index) ||
    !isCount(item.timestamp)
  ) {
    return null;
  }
  return {
    asset: item.asset,
    ...(typeof item.asset_longname === 'string' && item.asset_longname !== ''
      ? { assetLongname: item.asset_longname }
      : {}),
    quantity,
    divisible: item.divisible,
    type: item.tx_type,
    txHash: item.tx_hash,
    blockIndex: item.block_index,
    timestamp: item.timestamp,
  };
}

/**
 * The address's latest Counterparty activity, newest first (`/api/activity`, the first page of 20). An answer
 * without a list of hits is refused; items the wallet cannot read are skipped.
 */
export async function fetchActivity(address: string, signal?: AbortSignal): Promise<ActivityEvent[]> {
  const query = new URLSearchParams({ addresses: address });
  const body = record(await getJson(`/api/activity?${query.toString()}`, signal), 'activity');
  if (!Array.isArray(body.hits)) throw new ApiError('activity: no list of hits');
  return body.hits.flatMap((hit: unknown) => {
    const event = activityEvent(hit);
    return event ? [event] : [];
  });
}

/** A Counterparty asset as a send names it: its name (the API's cpid) and whether its quantities have 8 decimals. */
export type AssetTerms = { cpid: string; divisible: boolean };

/** The asset named `name` (`/api/asset/{name}`; XCP is divisible), or null when there is none by that name. */
export async function fetchAssetTerms(name: string, signal?: AbortSignal): Promise<AssetTerms | null> {
  const wanted = name.trim();
  if (wanted.toUpperCase() === 'XCP') return { cpid: 'XCP', divisible: true };
  let body: Record<string, unknown>;
  try {
    body = record(await getJson(`/api/asset/${encodeURIComponent(wanted)}`, signal), 'asset');
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
  if (typeof body.cpid !== 'string' || typeof body.divisible !== 'boolean') throw new ApiError('asset: unreadable');
  return { cpid: body.cpid, divisible: body.divisible };
}
