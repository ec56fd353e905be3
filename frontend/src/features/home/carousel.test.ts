import { describe, expect, it } from 'vitest';
import { CAROUSEL_INTERVAL_MS, nextSlide, previousSlide, shouldAutoAdvance, slideLabel } from './carousel';

describe('carousel rules', () => {
  it('advances every 5000 ms (spec)', () => {
    expect(CAROUSEL_INTERVAL_MS).toBe(5000);
  });

  it('wraps round in both directions', () => {
    expect(nextSlide(0, 3)).toBe(1);
    expect(nextSlide(2, 3)).toBe(0);
    expect(previousSlide(0, 3)).toBe(2);
    expect(previousSlide(2, 3)).toBe(1);
    expect(nextSlide(0, 0)).toBe(0);
    expect(previousSlide(0, 0)).toBe(0);
  });

  it("labels slides 'n of m'", () => {
    expect(slideLabel(0, 3)).toBe('1 of 3');
    expect(slideLabel(2, 3)).toBe('3 of 3');
  });

  it('auto-advances only with several slides, unpaused, without reduced motion', () => {
    expect(shouldAutoAdvance({ count: 3, paused: false, reducedMotion: false })).toBe(true);
    expect(shouldAutoAdvance({ count: 1, paused: false, reducedMotion: false })).toBe(false);
    expect(shouldAutoAdvance({ count: 3, paused: true, reducedMotion: false })).toBe(false);
    expect(shouldAutoAdvance({ count: 3, paused: false, reducedMotion: true })).toBe(false);
  });
});
