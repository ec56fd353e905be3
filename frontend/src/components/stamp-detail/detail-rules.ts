import { isTextMimetype } from '@/lib/stamp-text';
import type { ChartPoint } from '@/components/charts/chart-rules';
import type { StampDetailData, StampDispenser, StampSale } from '@/lib/stamp-detail';

/** Dispenser statuses that mean closed (spec): Buy disabled, shown as Closed, not on sale. */
export const CLOSED_DISPENSER_STATUSES: readonly number[] = [10, 11];

/** Whether a dispenser is closed: the API's flag, or a closed status. */
export function isDispenserClosed(dispenser: Pick<StampDispenser, 'status' | 'closed'>): boolean {
  return dispenser.closed || CLOSED_DISPENSER_STATUSES.includes(dispenser.status);
}

/** Open dispensers first, closed ones after, each group in the API's order. */
export function sortDispensers<T extends Pick<StampDispenser, 'status' | 'closed'>>(dispensers: readonly T[]): T[] {
  return [...dispensers.filter((d) => !isDispenserClosed(d)), ...dispensers.filter((d) => isDispenserClosed(d))];
}

/** Whether an open dispenser still has a lot to give (`give_remaining` at least `give_quantity`, exact). */
export function hasLotLeft(dispenser: Pick<StampDispenser, 'give_quantity' | 'give_remaining'>): boolean {
  if (!/^\d+$/.test(dispenser.give_quantity) || !/^\d+$/.test(dispenser.give_remaining)) return false;
  const lot = BigInt(dispenser.give_quantity);
  return lot > BigInt(0) && BigInt(dispenser.give_remaining) >= lot;
}

/**
 * What a detail page's 'Buy now' buys: the API's on-sale listing (the cheapest buyable one), else the open dispenser
 * with a lot left whose price per unit is lowest (exact comparison); null when nothing is buyable.
 */
export function buyableListing(stamp: Pick<StampDetailData, 'on_sale' | 'dispensers'>): string | null {
  if (stamp.on_sale) return stamp.on_sale;
  let best: StampDispenser | null = null;
  for (const dispenser of stamp.dispensers ?? []) {
    if (isDispenserClosed(dispenser) || !hasLotLeft(dispenser)) continue;
    // price / quantity < best price / best quantity, without division.
    if (
      !best ||
      BigInt(dispenser.satoshi_price) * BigInt(best.give_quantity) <
        BigInt(best.satoshi_price) * BigInt(dispenser.give_quantity)
    ) {
      best = dispenser;
    }
  }
  return best?.tx_hash ?? null;
}

/** A tx_hash with a colon marks an atomic swap. */
export function isAtomicSwap(txHash: string): boolean {
  return txHash.includes(':');
}

/** How the detail page shows a stamp's file. */
export type MediaKind = 'image' | 'html' | 'bmn' | 'audio' | 'text' | 'other';

/** The media kind from the MIME type, file suffix and ident. */
export function mediaKind(
  stamp: Pick<StampDetailData, 'stamp_mimetype' | 'ident'> & { file_suffix?: string | undefined },
): MediaKind {
  const mime = (stamp.stamp_mimetype ?? '').toLowerCase();
  const suffix = (stamp.file_suffix ?? '').toLowerCase();
  if (suffix === 'bmn' || stamp.ident.toUpperCase() === 'BMN') return 'bmn';
  if (mime.startsWith('text/html') || suffix === 'html') return 'html';
  if (mime.startsWith('audio/')) return 'audio';
  if (isTextMimetype(mime)) return 'text';
  if (mime.startsWith('image/') || (!mime && !suffix)) return 'image';
  return 'other';
}

/** An HTML stamp shows at once only when verified; otherwise it asks for confirmation first. */
export function htmlNeedsConfirmation(stamp: Pick<StampDetailData, 'trusted'>): boolean {
  return stamp.trusted !== true;
}

/** The collection ids of a stamp: none, one or several. */
export function collectionIds(value: string | string[] | null | undefined): string[] {
  if (!value) return [];
  return (Array.isArray(value) ? value : [value]).filter((id) => id.trim() !== '');
}

/**
 * The sales chart's points, oldest first: time against the price of one whole unit in satoshis (what was paid over
 * the units bought; a divisible asset counts 1e8 base units to the unit). Sales of no quantity are left out.
 */
export function salesChartPoints(sales: readonly StampSale[], divisible = false): ChartPoint[] {
  return [...sales]
    .sort((a, b) => a.timestamp - b.timestamp)
    .flatMap((sale) => {
      const units = Number(sale.quantity) / (divisible ? 1e8 : 1);
      return units > 0 && Number.isFinite(units) ? [{ x: sale.timestamp, y: sale.btc_amount / units }] : [];
    });
}

/** The holder's display key: the address, or the UTXO holding the balance. */
export function holderLabel(holder: { address: string | null; utxo_address: string | null }): string {
  return holder.address ?? holder.utxo_address ?? '-';
}

/** The page title (spec): 'Stamp: {cpid}' ('Asset: {cpid}' on the XCP site), plus the creator's name if any. */
export function stampPageTitle(stampWord: string, cpid: string, creatorName: string | null | undefined): string {
  const title = `${stampWord}: ${cpid}`;
  return creatorName ? `${title} - ${creatorName}` : title;
}

/** The link preview and share image of a raster stamp: the stamp on a 1200×630 PNG card. */
export function shareImagePath(cpid: string): string {
  return `/api/assets/${encodeURIComponent(cpid)}.png`;
}
