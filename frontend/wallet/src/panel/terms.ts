import { ApiError } from '../api';
import { parseQuantity } from '../amount';
import { isRecord } from '../send';

/**
 * What the panel shows of a mint before building it, read from the public API: a fairminter's lot and price, an
 * SRC-20 tick's limit per mint. The wallet service checks every rule again when it builds.
 */

/** An open fairminter: `lot` base units of the asset for `price` XCP base units (0: free). */
export type FairmintOffer = {
  cpid: string;
  name: string;
  divisible: boolean;
  lot: bigint;
  price: bigint;
  open: boolean;
};

/** An SRC-20 tick's mint: `limit` (an exact decimal) per mint. */
export type Src20Offer = { tick: string; limit: string };

async function getJson(path: string, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(path, { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new ApiError(`${path} answered ${String(response.status)}`, response.status);
  return response.json();
}

/** `value` as a JSON object; an empty one when it is not one. */
function record(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

/** The fairminter of `cpid` (`/api/fairminter/search/{cpid}`), the open one first; null when there is none. */
export async function fetchFairmint(cpid: string, signal?: AbortSignal): Promise<FairmintOffer | null> {
  const body = record(await getJson(`/api/fairminter/search/${encodeURIComponent(cpid)}`, signal));
  const hits = Array.isArray(body.hits) ? body.hits.map(record) : [];
  const mine = hits.filter((hit) => hit.cpid === cpid);
  const hit = mine.find((candidate) => candidate.status === 'open') ?? mine[0];
  if (!hit) return null;
  const lot = parseQuantity(hit.quantity_by_price);
  const price = parseQuantity(hit.price);
  if (lot === null || price === null) throw new ApiError('The fairminter could not be read.');
  const longname = typeof hit.asset_longname === 'string' && hit.asset_longname ? hit.asset_longname : null;
  return { cpid, name: longname ?? cpid, divisible: hit.divisible === true, lot, price, open: hit.status === 'open' };
}

/** The deploy of `tick` (`/api/src20/tick/{tick}`); null when it is not deployed. */
export async function fetchSrc20(tick: string, signal?: AbortSignal): Promise<Src20Offer | null> {
  const body = record(await getJson(`/api/src20/tick/${encodeURIComponent(tick)}`, signal));
  const deploy = record(body.deploy);
  const limit = deploy.limit;
  if (typeof limit !== 'string' || !/^\d+(\.\d+)?$/.test(limit)) return null;
  return { tick: typeof body.tick === 'string' ? body.tick : tick, limit };
}
