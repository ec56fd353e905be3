/** How many random stamps the mixer's preview offers (spec: 'Mixer preview 50 samples'). */
export const SAMPLE_COUNT = 50;

/** The stamp types whose file a canvas can draw, as the stamp search's `types` filter. */
export const SAMPLE_TYPES = 'png,gif,jpeg';

/**
 * Where a random page of `count` starts among `total` hits: any offset from 0 to the last one that still fills a
 * page, `random` (in [0, 1)) choosing.
 */
export function sampleOffset(total: number, count: number, random: () => number): number {
  const last = Math.max(0, Math.floor(total) - count);
  return Math.min(last, Math.floor(random() * (last + 1)));
}

/** The items in a random order (Fisher-Yates), `random` (in [0, 1)) choosing. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const result = [...items];
  for (let index = result.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    const current = result[index] as T;
    result[index] = result[other] as T;
    result[other] = current;
  }
  return result;
}
