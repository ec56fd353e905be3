import { GENERIC_ERROR } from '@/lib/api-error';
import type { BuyItem } from './types';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function digits(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  return typeof value === 'string' && /^\d+$/.test(value) ? value : null;
}

/**
 * One listing read defensively; null without a tx_hash. A listing whose quantities or price cannot be read keeps an
 * error, so that it shows and is never bought.
 */
export function parseBuyItem(value: unknown): BuyItem | null {
  if (!isRecord(value) || typeof value.tx_hash !== 'string' || !value.tx_hash) return null;
  const giveQuantity = digits(value.give_quantity);
  const giveRemaining = digits(value.give_remaining);
  const price = value.price;
  const readable =
    giveQuantity !== null &&
    giveRemaining !== null &&
    typeof price === 'number' &&
    Number.isSafeInteger(price) &&
    price >= 0;
  const error = typeof value.error === 'string' && value.error ? value.error : readable ? undefined : GENERIC_ERROR;
  return {
    tx_hash: value.tx_hash,
    source: text(value.source),
    owner: text(value.owner),
    origin: text(value.origin),
    cpid: text(value.cpid),
    asset_longname: typeof value.asset_longname === 'string' && value.asset_longname ? value.asset_longname : null,
    divisible: value.divisible === true,
    give_quantity: giveQuantity ?? '0',
    give_remaining: giveRemaining ?? '0',
    price: readable ? price : 0,
    url: text(value.url),
    ...(error === undefined ? {} : { error }),
  };
}

/** The answer of `GET /api/wallet/buy/{hashes}`: one item for one hash, a list for several; always a list here. */
export function parseBuyItems(value: unknown): BuyItem[] {
  const list: unknown[] = Array.isArray(value) ? value : [value];
  return list.flatMap((entry) => {
    const item = parseBuyItem(entry);
    return item ? [item] : [];
  });
}

/** Whether a listing can be bought: no error and a lot left. */
export function isBuyable(item: BuyItem): boolean {
  if (item.error) return false;
  const lot = BigInt(item.give_quantity);
  return lot > BigInt(0) && BigInt(item.give_remaining) >= lot;
}

/** The listing's name: its long name, else its cpid. */
export function itemName(item: Pick<BuyItem, 'asset_longname' | 'cpid' | 'tx_hash'>): string {
  return item.asset_longname ?? (item.cpid || item.tx_hash);
}
