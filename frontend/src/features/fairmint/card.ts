import { addIntegers, isZero, percentOf, unitsToDecimal } from '@/utils/units';
import type { FairmintTerms } from '@/lib/mint-request';
import type { FairminterCard } from './types';

/** How long the last mint stays on a card (spec: only within 10 days). */
export const LAST_MINT_WINDOW_SECONDS = 10 * 24 * 60 * 60;

/** A card's derived figures, as exact decimal strings of whole units (divided by 1e8 when divisible). */
export type FairmintFigures = {
  /** Preminted quantity. */
  premint: string | null;
  /** Issued so far: the premint plus what mints earned. */
  total: string | null;
  /** The hard cap; null when there is none (unlimited). */
  max: string | null;
  /** The most one mint can take; null when unlimited. */
  perMint: string | null;
  /** The premint as a percent of the hard cap ("12.50"), null without a cap: the bar's preminted part. */
  premintPercent: string | null;
};

/** Derives a card's figures from the API's base-unit quantities, with exact integer and string arithmetic. */
export function fairmintFigures(card: FairminterCard): FairmintFigures {
  const units = (value: string | null) => (value === null ? null : unitsToDecimal(value, card.divisible));
  const capped = !isZero(card.hard_cap);
  return {
    premint: units(card.premint_quantity),
    total: units(addIntegers(card.premint_quantity, card.earned_quantity)),
    max: capped ? units(card.hard_cap) : null,
    perMint: isZero(card.max_mint_per_tx) ? null : units(card.max_mint_per_tx),
    premintPercent: capped ? percentOf(card.premint_quantity, card.hard_cap) : null,
  };
}

/** Whether a card shows its last mint: only when there is one within the last 10 days of `nowSeconds`. */
export function showsLastMint(lastMint: number | null, nowSeconds: number): lastMint is number {
  return lastMint !== null && nowSeconds - lastMint <= LAST_MINT_WINDOW_SECONDS && lastMint <= nowSeconds + 60;
}

/** A past time relative to now, coarse: "just now", "5 min ago", "3 h ago", "2 d ago". */
export function timeAgo(unixSeconds: number, nowSeconds: number): string {
  const seconds = Math.max(0, nowSeconds - unixSeconds);
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${String(Math.floor(seconds / 60))} min ago`;
  if (seconds < 86400) return `${String(Math.floor(seconds / 3600))} h ago`;
  return `${String(Math.floor(seconds / 86400))} d ago`;
}

/** A card's terms, as its fairmint needs them. */
export function fairmintTerms(card: FairminterCard): FairmintTerms {
  return {
    cpid: card.cpid,
    asset_longname: card.asset_longname,
    divisible: card.divisible,
    status: card.status,
    price: card.price,
    quantity_by_price: card.quantity_by_price,
    hard_cap: card.hard_cap,
    max_mint_per_tx: card.max_mint_per_tx,
    premint_quantity: card.premint_quantity,
    earned_quantity: card.earned_quantity,
  };
}
