/** The stamp number the protocol gives stamps without a fixed number; shown as infinity. */
export const INFINITE_STAMP_NUMBER = 999999999;

/**
 * Shortens an address or hash to its first and last `chars` characters ("bc1qa...xyz12").
 * Values too short to gain anything are returned unchanged.
 */
export function shortenAddress(value: string, chars = 5): string {
  if (value.length <= chars * 2 + 3) return value;
  return `${value.slice(0, chars)}...${value.slice(-chars)}`;
}

/** The shortest address length: longer user ids are addresses. */
const MIN_ADDRESS_LENGTH = 26;

/** A user id for display: an address shortened 5+5, a name as it is. */
export function displayUserId(value: string): string {
  return value.length >= MIN_ADDRESS_LENGTH ? shortenAddress(value) : value;
}

/** A stamp number for display: 999999999 reads as ∞. */
export function formatStampNumber(stamp: number): string {
  return stamp === INFINITE_STAMP_NUMBER ? '∞' : String(stamp);
}

/** A stamp number with its hash sign, as shown on cards and detail pages ("#1234", "#∞"). */
export function stampLabel(stamp: number): string {
  return `#${formatStampNumber(stamp)}`;
}

/** Groups the digits of an exact integer (number or decimal string) by thousands: "1234567" -> "1,234,567". */
export function formatInteger(value: number | string): string {
  const text = String(value);
  const negative = text.startsWith('-');
  const digits = negative ? text.slice(1) : text;
  if (!/^\d+$/.test(digits)) return text;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return negative ? `-${grouped}` : grouped;
}

/**
 * A token supply for display. Divisible assets count in units of 1e-8, so their integer supply is
 * shown as an exact decimal (string arithmetic, never floats): "150000000" -> "1.5".
 */
export function formatSupply(supply: string, divisible: boolean): string {
  if (!/^\d+$/.test(supply)) return supply;
  if (!divisible) return formatInteger(supply);
  const padded = supply.padStart(9, '0');
  const whole = padded.slice(0, -8).replace(/^0+(?=\d)/, '');
  const fraction = padded.slice(-8).replace(/0+$/, '');
  return fraction ? `${formatInteger(whole)}.${fraction}` : formatInteger(whole);
}

/** A byte count for display: "373 B", "1.5 KB", "2.25 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${String(Number(value.toFixed(2)))} ${units[unit] ?? 'GB'}`;
}

/** A block time (unix seconds) as a stable UTC date and time: "2023-03-28 10:50 UTC". */
export function formatBlockTime(unixSeconds: number): string {
  const iso = new Date(unixSeconds * 1000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/**
 * A chart's time axis label (unix seconds) for a chart spanning `spanSeconds`: the UTC date ("2023-03-28"), or,
 * within two days, the day and time ("03-28 10:50").
 */
export function formatTimeTick(unixSeconds: number, spanSeconds: number): string {
  const iso = new Date(unixSeconds * 1000).toISOString();
  return spanSeconds < 2 * 86400 ? `${iso.slice(5, 10)} ${iso.slice(11, 16)}` : iso.slice(0, 10);
}

/** A flag for display. */
export function yesNo(value: boolean | null | undefined): string {
  return value ? 'Yes' : 'No';
}

/**
 * An exact decimal string for display, digits grouped by thousands and the fraction kept as given (trailing zeros
 * dropped): "1234567.500" -> "1,234,567.5". Anything that is not a plain decimal is returned unchanged.
 */
export function formatDecimal(value: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return value;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const trimmedFraction = fraction.replace(/0+$/, '');
  const grouped = formatInteger(whole.replace(/^0+(?=\d)/, ''));
  return `${sign}${grouped}${trimmedFraction ? `.${trimmedFraction}` : ''}`;
}

const DECIMAL_UNITS = [
  { digits: 9, suffix: 'B' },
  { digits: 6, suffix: 'M' },
  { digits: 3, suffix: 'k' },
] as const;

/**
 * A decimal string shortened with k, M or B, by string arithmetic (never floats): two decimals at most, truncated
 * rather than rounded so a value never reads larger than it is. "21000000" -> "21M", "1234567.8" -> "1.23M",
 * "999999" -> "999.99k", "15000000000000" -> "15,000B". Values under 1,000 are shown exactly.
 */
export function abbreviateDecimal(value: string): string {
  const match = /^(-?)(\d+)(?:\.\d+)?$/.exec(value);
  if (!match) return value;
  const [, sign = '', rawWhole = '0'] = match;
  const whole = rawWhole.replace(/^0+(?=\d)/, '');
  const unit = DECIMAL_UNITS.find((candidate) => whole.length > candidate.digits);
  if (!unit) return formatDecimal(value);
  const head = whole.slice(0, whole.length - unit.digits);
  const tail = whole.slice(whole.length - unit.digits, whole.length - unit.digits + 2).replace(/0+$/, '');
  return `${sign}${formatInteger(head)}${tail ? `.${tail}` : ''}${unit.suffix}`;
}

/** A percentage string ("42.50") for display: "42.5%". */
export function formatPercent(value: string): string {
  return `${formatDecimal(value)}%`;
}
