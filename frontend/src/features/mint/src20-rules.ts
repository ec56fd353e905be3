import type { Src20MintTerms } from '@/lib/mint-request';

/** Shown when a mint-src20 request comes without its tick's data (spec §2). */
export const MISSING_SRC20 = 'Missing src20 data...';

/** Past this percent minted the dialog warns; past half the buy fee is the Ninja Optimized rate (spec §9). */
export const SRC20_WARNING_PROGRESS = 20;
export const SRC20_URGENT_PROGRESS = 50;

/** The promo's price when the server does not say (spec §9: 90% off, 10,990 satoshis). */
export const SRC20_PROMO_PRICE = 10990;

/** An SRC-20 amount has at most 18 decimals. */
export const SRC20_MAX_DECIMALS = 18;

/** A mint request's tick data, when it has what the dialog needs: the tick and its limit per mint. */
export type Src20Mint = Src20MintTerms & { limit: string };

/** The tick data to mint with, or null when missing ('Missing src20 data...'). */
export function src20MintOf(terms: Src20MintTerms | null): Src20Mint | null {
  if (!terms || !terms.tick || !terms.limit || !isDecimal(terms.limit)) return null;
  return { ...terms, limit: terms.limit };
}

function progressOf(progress: string | null): number {
  const value = Number(progress);
  return Number.isFinite(value) ? value : 0;
}

/** Whether the dialog warns that the tick may mint out first (progress over 20%). */
export function src20Warns(progress: string | null): boolean {
  return progressOf(progress) > SRC20_WARNING_PROGRESS;
}

/** Whether the buy fee stands for Ninja Optimized (progress over 50%). */
export function src20Urgent(progress: string | null): boolean {
  return progressOf(progress) > SRC20_URGENT_PROGRESS;
}

/** The warning of a tick past 20%. */
export function src20Warning(tick: string, progress: string | null): string {
  return (
    `${tick} is ${String(progressOf(progress))}% minted: a mint confirmed after the tick is minted out is invalid, ` +
    'and its fees are not returned.'
  );
}

function isDecimal(value: string): boolean {
  return /^\d+(?:\.\d+)?$/.test(value);
}

function decimalsOf(value: string): number {
  return value.split('.')[1]?.length ?? 0;
}

/** A decimal string scaled to `places` decimals, as an integer. */
function scaled(value: string, places: number): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(`${whole}${fraction.padEnd(places, '0')}`);
}

/** The amount to mint, trimmed (thousands separators dropped). */
export function normalizeAmount(typed: string): string {
  return typed.trim().replace(/,/g, '');
}

/** Why an amount cannot be minted (more than 0, at most the limit, no more decimals than the tick), else null. */
export function src20AmountProblem(typed: string, limit: string, decimals: number | null): string | null {
  const amount = normalizeAmount(typed);
  const places = Math.min(decimals ?? SRC20_MAX_DECIMALS, SRC20_MAX_DECIMALS);
  if (!isDecimal(amount) || decimalsOf(amount) > places) {
    return places === 0
      ? 'The amount must be a whole number'
      : `The amount must be a number with at most ${String(places)} decimals`;
  }
  const common = Math.max(decimalsOf(amount), decimalsOf(limit));
  const value = scaled(amount, common);
  if (value <= BigInt(0) || value > scaled(limit, common)) return `The amount must be more than 0 and at most ${limit}`;
  return null;
}
