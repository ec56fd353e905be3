import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

describe('throttle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls at once, then at most once per window with the latest arguments', () => {
    const fn = vi.fn<(n: number) => void>();
    const throttled = throttle(fn, 50);

    throttled(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenLastCalledWith(1);

    vi.advanceTimersByTime(10);
    throttled(2);
    vi.advanceTimersByTime(10);
    throttled(3);
    vi.advanceTimersByTime(29);
    expect(fn).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(fn).toHaveBeenLastCalledWith(3);

    // Nothing pending: no further call.
    vi.advanceTimersByTime(200);
    expect(fn).toHaveBeenCalledTimes(2);

    // After a quiet spell the next call is immediate again.
    throttled(4);
    expect(fn).toHaveBeenCalledTimes(3);
    expect(fn).toHaveBeenLastCalledWith(4);
  });

  it('drops the pending call when cancelled', () => {
    const fn = vi.fn<() => void>();
    const throttled = throttle(fn, 50);
    throttled();
    throttled();
    throttled.cancel();
    vi.advanceTimersByTime(100);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
