/** Rules shared by the lists whose filters and sort live in the URL. */

export type SortDirection = 'asc' | 'desc';

/** A sort: a field and a direction, written `field:direction` in the URL and the API. */
export type Sort<F extends string> = { field: F; direction: SortDirection };

/**
 * Reads a comma-separated list, keeping only allowed values, in the allowed (canonical) order so that equal
 * selections give equal URLs and cache keys.
 */
export function parseList<T extends string>(value: string | null, allowed: readonly T[]): T[] {
  if (!value) return [];
  const wanted = new Set(value.split(','));
  return allowed.filter((item) => wanted.has(item));
}

/** Toggles `item` in a list, keeping the canonical order of `allowed`. */
export function toggleInList<T extends string>(list: readonly T[], item: T, allowed: readonly T[]): T[] {
  const next = list.includes(item) ? list.filter((value) => value !== item) : [...list, item];
  return allowed.filter((value) => next.includes(value));
}

/** Reads `field:direction` (a missing direction reads as `fallback`); null for an unknown field or direction. */
export function parseSort<F extends string>(
  value: string | null,
  fields: readonly F[],
  fallback: SortDirection = 'desc',
): Sort<F> | null {
  if (!value) return null;
  const [field, direction = fallback] = value.split(':');
  const known = fields.find((candidate) => candidate === field);
  if (!known || (direction !== 'asc' && direction !== 'desc')) return null;
  return { field: known, direction };
}

/** `field:direction`. */
export function formatSort<F extends string>(sort: Sort<F>): string {
  return `${sort.field}:${sort.direction}`;
}

export function sameSort<F extends string>(a: Sort<F>, b: Sort<F>): boolean {
  return a.field === b.field && a.direction === b.direction;
}

/** The sort after a click on `field`: the active field flips its direction, another one starts at `firstDirection`. */
export function nextSort<F extends string>(current: Sort<F>, field: F, firstDirection: SortDirection): Sort<F> {
  if (current.field === field) return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { field, direction: firstDirection };
}
