import { ApiError } from '../api';

/** A listing in the cart, as `GET /api/wallet/buy/{hashes}` gives it: one lot's price in satoshis, and its asset. */
export type CartItem = {
  hash: string;
  /** Where the payment goes: the dispenser's address, or an atomic swap's seller. */
  seller: string;
  cpid: string;
  name: string;
  /** Base units per lot (the whole listing for an atomic swap), exact. */
  lot: string;
  divisible: boolean;
  price: bigint;
  /** Why it cannot be bought. */
  error: string | null;
};

function item(value: unknown): CartItem | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.tx_hash !== 'string' || typeof v.source !== 'string' || typeof v.cpid !== 'string') return null;
  if (typeof v.price !== 'number' || !Number.isSafeInteger(v.price) || v.price < 0) return null;
  const name = typeof v.asset_longname === 'string' && v.asset_longname ? v.asset_longname : v.cpid;
  return {
    hash: v.tx_hash,
    seller: v.source,
    cpid: v.cpid,
    name,
    lot: typeof v.give_quantity === 'string' ? v.give_quantity : '1',
    divisible: v.divisible === true,
    price: BigInt(v.price),
    error: typeof v.error === 'string' && v.error ? v.error : null,
  };
}

/** The cart's listings, in the cart's order. */
export async function fetchCartItems(hashes: readonly string[], signal?: AbortSignal): Promise<CartItem[]> {
  const path = `/api/wallet/buy/${hashes.map(encodeURIComponent).join(',')}`;
  const response = await fetch(path, { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new ApiError(`${path} answered ${String(response.status)}`, response.status);
  const body: unknown = await response.json();
  const list = Array.isArray(body) ? body : [body];
  const items = list.map(item);
  if (items.some((entry) => entry === null)) throw new ApiError('The listings could not be read.');
  return items.filter((entry): entry is CartItem => entry !== null);
}

/** The body of `POST /api/wallet/create/buy` for one lot of each buyable item. */
export function buyBody(source: string, items: readonly CartItem[], feeRate: number): unknown {
  const buyable = items.filter((entry) => entry.error === null);
  return {
    source,
    tx_hashes: buyable.map((entry) => entry.hash),
    destinations: buyable.map((entry) => [entry.seller, Number(entry.price)]),
    isPsbt: true,
    desiredFeeRate: feeRate,
  };
}

/**
 * Checks that every transaction built pays each listing it buys exactly its price, to its seller, as the panel
 * showed them; throws the refusal otherwise.
 */
export function checkPays(
  built: { txs: { hashes: string[]; review: { outputs: { address: string | null; sats: bigint }[] } }[] },
  items: readonly CartItem[],
): void {
  for (const tx of built.txs) {
    const unpaid = [...tx.review.outputs];
    for (const hash of tx.hashes) {
      const listing = items.find((entry) => entry.hash === hash);
      const index = listing
        ? unpaid.findIndex((output) => output.address === listing.seller && output.sats === listing.price)
        : -1;
      if (index < 0) throw new Error('This transaction does not pay what was shown: refused');
      unpaid.splice(index, 1);
    }
  }
}
