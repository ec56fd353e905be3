import type { FairmintTerms } from '@/lib/mint-request';
import { lotsOf, normalizeQuantity } from '@/utils/quantity';

const ZERO = BigInt(0);

/** An integer string of base units as a bigint; 0 when it is none. */
function units(value: string): bigint {
  return /^\d+$/.test(value) ? BigInt(value) : ZERO;
}

/** Only an open fairminter mints (catalogue §4). */
export function canFairmint(terms: Pick<FairmintTerms, 'status'>): boolean {
  return terms.status === 'open';
}

/** Whether a mint pays XCP (a price above zero); a free fairminter's mint sends quantity "0". */
export function isPaidFairminter(terms: Pick<FairmintTerms, 'price'>): boolean {
  return units(terms.price) > ZERO;
}

/** The lot: what the price buys, and what a paid mint's quantity is a multiple of. */
export function fairmintLot(terms: Pick<FairmintTerms, 'quantity_by_price'>): bigint {
  return units(terms.quantity_by_price);
}

/**
 * The most one mint may take, in base units: the per-mint maximum and what the hard cap leaves (premint and earned
 * quantity issued), whichever is lower; null when neither limits it.
 */
export function fairmintMax(terms: FairmintTerms): bigint | null {
  const caps: bigint[] = [];
  const perMint = units(terms.max_mint_per_tx);
  if (perMint > ZERO) caps.push(perMint);
  const cap = units(terms.hard_cap);
  if (cap > ZERO) {
    const left = cap - units(terms.premint_quantity) - units(terms.earned_quantity);
    caps.push(left > ZERO ? left : ZERO);
  }
  if (caps.length === 0) return null;
  return caps.reduce((lowest, value) => (value < lowest ? value : lowest));
}

/**
 * A paid mint's quantity from what was typed (base units, null when unreadable): a multiple of the lot, at least one
 * lot, at most the largest multiple of the lot the maximum allows.
 */
export function fairmintQuantity(typed: bigint | null, terms: FairmintTerms): bigint {
  const lot = fairmintLot(terms);
  if (lot <= ZERO) return ZERO;
  const max = fairmintMax(terms);
  if (max !== null) return normalizeQuantity(typed, lot, max);
  if (typed === null) return lot;
  const rounded = typed - (typed % lot);
  return rounded < lot ? lot : rounded;
}

/** What a paid mint of `quantity` costs in XCP base units: the price per lot times the lots. */
export function fairmintCost(quantity: bigint, terms: FairmintTerms): bigint {
  return units(terms.price) * lotsOf(quantity, fairmintLot(terms));
}
