/** The page query parameter of every paginated list. */
export const PAGE_PARAM = 'page';

/**
 * The page size of a list the spec gives no size of its own (the finders, /feat, a profile's lists): 'Pagination
 * default page size 100'. The gateway accepts a `limit` of up to 100 on every paged endpoint.
 */
export const DEFAULT_PAGE_SIZE = 100;

/** Reads a 1-based page number from the query; anything missing or invalid is page 1. */
export function parsePage(value: string | null): number {
  if (value === null || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The API offset of a 1-based page. */
export function pageToOffset(page: number, limit: number): number {
  return (Math.max(1, page) - 1) * limit;
}

/** The 1-based page holding an API offset. */
export function offsetToPage(offset: number, limit: number): number {
  return Math.floor(Math.max(0, offset) / limit) + 1;
}

/** How many pages `total` results fill (at least 1). */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/**
 * The query string for `page`, keeping the other parameters. Page 1 drops the parameter (spec).
 * Returns "" or a string starting with "?".
 */
export function pageSearch(search: string | URLSearchParams, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete(PAGE_PARAM);
  else params.set(PAGE_PARAM, String(page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** One item of a pagination bar: a page number or a gap. */
export type PageItem = number | 'gap';

/**
 * The pages to offer around `current`: always the first and the last, `around` on each side of the
 * current one, and a gap wherever pages are skipped (a gap never hides a single page).
 */
export function pageWindow(current: number, count: number, around = 1): PageItem[] {
  const wanted = new Set<number>([1, count]);
  for (let page = current - around; page <= current + around; page += 1) {
    if (page >= 1 && page <= count) wanted.add(page);
  }
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of sorted) {
    if (page - previous === 2) items.push(page - 1);
    else if (page - previous > 2) items.push('gap');
    items.push(page);
    previous = page;
  }
  return items;
}

/** The "x - y of n" numbers of a result line, 1-based; x is 0 when there are no results. */
export function resultRange(offset: number, shown: number, total: number): { from: number; to: number; total: number } {
  if (shown === 0) return { from: 0, to: 0, total };
  return { from: offset + 1, to: offset + shown, total };
}
