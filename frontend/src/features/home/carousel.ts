/** The spec's carousel period: the top banners advance every 5000 ms. */
export const CAROUSEL_INTERVAL_MS = 5000;

/** The slide after `index`, wrapping round to the first. */
export function nextSlide(index: number, count: number): number {
  return count > 0 ? (index + 1) % count : 0;
}

/** The slide before `index`, wrapping round to the last. */
export function previousSlide(index: number, count: number): number {
  return count > 0 ? (index - 1 + count) % count : 0;
}

/** A slide's accessible name: 'n of m', 1-based. */
export function slideLabel(index: number, count: number): string {
  return `${String(index + 1)} of ${String(count)}`;
}

/**
 * Whether the carousel advances by itself: only with more than one slide, while nothing pauses it (hover, keyboard
 * focus, the stop button) and when the user does not ask for reduced motion.
 */
export function shouldAutoAdvance({
  count,
  paused,
  reducedMotion,
}: {
  count: number;
  paused: boolean;
  reducedMotion: boolean;
}): boolean {
  return count > 1 && !paused && !reducedMotion;
}
