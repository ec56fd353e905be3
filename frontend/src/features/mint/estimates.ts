import type { EstimateRow } from '@/components/wallet/estimate-list';
import { isBech32, networkFee } from '@/lib/wallet/fees';

/**
 * The mints' estimates (spec §9), in integer satoshis. The server builds the real transactions; the estimate is what
 * the dialog shows before the wallet asks.
 */

/** An estimate's lines and total. */
export type MintEstimate = { rows: EstimateRow[]; total: bigint };

const ZERO = BigInt(0);

function sum(rows: readonly EstimateRow[]): bigint {
  return rows.reduce((total, row) => total + row.sats, ZERO);
}

/** Fairmint: 2,230 satoshis plus 264 vB (170 for a bc1 source) at the fee rate. */
export const FAIRMINT_FEE = 2230;
export const FAIRMINT_VSIZE = 264;
export const FAIRMINT_VSIZE_BC1 = 170;

export function fairmintVsize(source: string): number {
  return isBech32(source) ? FAIRMINT_VSIZE_BC1 : FAIRMINT_VSIZE;
}

export function fairmintEstimate(source: string, feeRate: number): MintEstimate {
  const vsize = fairmintVsize(source);
  const rows = [
    { label: 'Mint fee', sats: BigInt(FAIRMINT_FEE) },
    { label: `Network fee (~${String(vsize)} vB)`, sats: networkFee(vsize, feeRate) },
  ];
  return { rows, total: sum(rows) };
}

/** SRC-20 mint: 12,230 satoshis plus 330 per part of the data, plus the royalty or 2,222; the promo 10,990. */
export const SRC20_MINT_FEE = 12230;
export const SRC20_PART_FEE = 330;
export const SRC20_SERVICE_FEE = 2222;
export const SRC20_PROMO_PRICE = 10990;
/** Three parts when the tick's length and the limit's digits come to this many or more, else two. */
export const SRC20_LONG_DATA = 12;

/** The parts an SRC-20 mint's data takes: 3 when the tick's characters and the limit's digits are 12 or more. */
export function src20Parts(tick: string, limit: string): number {
  const digits = limit.replace(/\D/g, '').length;
  // The tick's characters, an emoji counting as one.
  return Array.from(tick).length + digits >= SRC20_LONG_DATA ? 3 : 2;
}

type Src20EstimateInput = {
  tick: string;
  limit: string;
  /** The deployer's royalty, satoshis (null or 0: none). */
  royalties: number | null;
  /** The promo's price when the promo is chosen, else null. */
  promo: number | null;
};

export function src20MintEstimate({ tick, limit, royalties, promo }: Src20EstimateInput): MintEstimate {
  const parts = src20Parts(tick, limit);
  const rows: EstimateRow[] = [
    { label: `Mint fee (${String(parts)} parts)`, sats: BigInt(SRC20_MINT_FEE + SRC20_PART_FEE * parts) },
    royalties !== null && royalties > 0
      ? { label: 'Royalties', sats: BigInt(royalties) }
      : { label: 'Service fee', sats: BigInt(SRC20_SERVICE_FEE) },
  ];
  if (promo !== null) rows.push({ label: 'Promo', sats: BigInt(promo) });
  return { rows, total: sum(rows) };
}

/** Launchpad mint: 22,230 + 990 satoshis and the owner's fee, plus 346 vB (bc1) or 427 at the fee rate, per mint. */
export const LAUNCHPAD_MINT_FEE = 22230;
export const LAUNCHPAD_EXTRA_FEE = 990;
export const LAUNCHPAD_VSIZE_BC1 = 346;
export const LAUNCHPAD_VSIZE = 427;
/** With a whitelist fee of zero the mint fee is this many vbytes at the optimal rate instead. */
export const LAUNCHPAD_FREE_BASE_VSIZE = 30;

export function launchpadVsize(source: string): number {
  return isBech32(source) ? LAUNCHPAD_VSIZE_BC1 : LAUNCHPAD_VSIZE;
}

type LaunchpadEstimateInput = {
  source: string;
  /** The owner's fee per mint in force, satoshis. */
  ownerFee: number;
  /** Whether that fee is a whitelist round's fee of zero. */
  freeWhitelist: boolean;
  /** The mints. */
  times: number;
  feeRate: number;
  optimalFee: number;
};

export function launchpadEstimate(input: LaunchpadEstimateInput): MintEstimate {
  const { source, ownerFee, freeWhitelist, feeRate, optimalFee } = input;
  const times = BigInt(Math.max(1, input.times));
  const each = input.times > 1 ? ` × ${String(input.times)}` : '';
  const vsize = launchpadVsize(source);
  const mintFee = freeWhitelist
    ? networkFee(LAUNCHPAD_FREE_BASE_VSIZE, optimalFee)
    : BigInt(LAUNCHPAD_MINT_FEE + LAUNCHPAD_EXTRA_FEE);
  const rows: EstimateRow[] = [{ label: `Mint fee${each}`, sats: mintFee * times }];
  if (ownerFee > 0) rows.push({ label: `Launchpad fee${each}`, sats: BigInt(ownerFee) * times });
  rows.push({ label: `Network fee (~${String(vsize)} vB)${each}`, sats: networkFee(vsize, feeRate) * times });
  return { rows, total: sum(rows) };
}
