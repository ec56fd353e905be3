/** A throttled function, with `cancel` to drop a pending trailing call. */
export type Throttled<A extends unknown[]> = ((...args: A) => void) & { cancel: () => void };

/**
 * Calls `fn` at most once per `wait` ms: at once when the last call is older than `wait`, otherwise once at the
 * end of the window with the latest arguments (so the final state after a burst is never missed).
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, wait: number): Throttled<A> {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;

  const flush = () => {
    const args = pending;
    pending = undefined;
    if (!args) return;
    last = Date.now();
    fn(...args);
  };

  const throttled = (...args: A) => {
    pending = args;
    if (timer !== undefined) return;
    const remaining = last + wait - Date.now();
    if (remaining <= 0) {
      flush();
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      flush();
    }, remaining);
  };

  throttled.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return throttled;
}
