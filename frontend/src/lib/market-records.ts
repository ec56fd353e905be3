import { CURRENCIES, type Currency } from './currency';

/**
 * The fee oracle's record (`GET /api/fees`, the live value `mempoolFees`): rates in sat/vB, `time` in ms since the
 * epoch. `optimalFee` (which may end in .5) and `buyFee` are derived from the others (spec §9).
 */
export type FeeRecord = {
  fastestFee: number;
  halfHourFee: number;
  hourFee: number;
  economyFee: number;
  minimumFee: number;
  optimalFee: number;
  buyFee: number;
  time: number;
};

/** The price of one bitcoin in each currency (integers), `time` in ms (`GET /api/prices`, the live value `prices`). */
export type PriceRecord = { time: number; rates: Partial<Record<Currency, number>> };

/** Fee data older than this is refreshed (spec: 30 seconds). */
export const FEES_MAX_AGE_MS = 30_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function rate(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** Spec §9: optimalFee is the lower of fastestFee and hourFee + 0.5. */
export function optimalFeeOf(fastestFee: number, hourFee: number): number {
  return Math.min(fastestFee, hourFee + 0.5);
}

/** Spec §9: buyFee is fastestFee * 1.02, rounded. */
export function buyFeeOf(fastestFee: number): number {
  return Math.round(fastestFee * 1.02);
}

/**
 * A fee record read defensively: the three rates the fee options need and the time are required; the derived rates
 * are computed when the record lacks them, the lower ones fall back to the hour rate. Null when unusable.
 */
export function parseFeeRecord(value: unknown): FeeRecord | null {
  if (!isRecord(value)) return null;
  const fastestFee = rate(value.fastestFee);
  const halfHourFee = rate(value.halfHourFee);
  const hourFee = rate(value.hourFee);
  const time = rate(value.time);
  if (fastestFee === undefined || halfHourFee === undefined || hourFee === undefined || time === undefined) {
    return null;
  }
  const economyFee = rate(value.economyFee) ?? hourFee;
  return {
    fastestFee,
    halfHourFee,
    hourFee,
    economyFee,
    minimumFee: rate(value.minimumFee) ?? economyFee,
    optimalFee: rate(value.optimalFee) ?? optimalFeeOf(fastestFee, hourFee),
    buyFee: rate(value.buyFee) ?? buyFeeOf(fastestFee),
    time,
  };
}

/** A price record read defensively: each currency's positive integer price kept, others left out. */
export function parsePriceRecord(value: unknown): PriceRecord | null {
  if (!isRecord(value)) return null;
  const time = rate(value.time);
  if (time === undefined) return null;
  const rates: PriceRecord['rates'] = {};
  for (const currency of CURRENCIES) {
    const price = value[currency];
    if (typeof price === 'number' && Number.isSafeInteger(price) && price > 0) rates[currency] = price;
  }
  return { time, rates };
}

/** The newer of two records (by `time`); either may be missing. */
export function newestRecord<T extends { time: number }>(
  a: T | null | undefined,
  b: T | null | undefined,
): T | undefined {
  if (!a) return b ?? undefined;
  if (!b) return a;
  return b.time > a.time ? b : a;
}

/** Whether fee data must be refreshed at `now` (spec: older than 30 seconds, or none yet). */
export function feesStale(record: Pick<FeeRecord, 'time'> | undefined, now: number): boolean {
  return !record || now - record.time > FEES_MAX_AGE_MS;
}

/**
 * Whether to ask the API for fees at `now`: the held record is stale and the last request (if any) started at least
 * 30 seconds ago, so that an oracle whose record stays old is asked again every 30 seconds, not in a loop.
 */
export function feesRefreshDue(
  held: Pick<FeeRecord, 'time'> | undefined,
  lastRequestAt: number | undefined,
  now: number,
): boolean {
  if (!feesStale(held, now)) return false;
  return lastRequestAt === undefined || now - lastRequestAt >= FEES_MAX_AGE_MS;
}
