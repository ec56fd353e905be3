import { formatSupply } from './format';

/**
 * Whether a supply means "unlimited": the protocol's 999999999-style maximum, i.e. a whole-unit amount made only of
 * nines, at least nine of them (999999999, 9999999999, ...), in either divisibility.
 */
export function isUnlimitedSupply(supply: string, divisible: boolean): boolean {
  if (!/^\d+$/.test(supply)) return false;
  const whole = divisible ? supply.slice(0, -8) : supply;
  return /^9{9,}$/.test(whole);
}

/** A supply for display: ∞ when unlimited (see `isUnlimitedSupply`), else the exact amount. */
export function displaySupply(supply: string, divisible: boolean): string {
  return isUnlimitedSupply(supply, divisible) ? '∞' : formatSupply(supply, divisible);
}
