import { useEffect } from 'react';

/** How many locks hold the page, and the body's overflow before the first. */
const held = { count: 0, previous: '' };

/**
 * Stops the page from scrolling while `locked`, then restores the body's previous overflow once no lock holds it:
 * overlays stacked (the wallet's frame over the sign-in panel, say) may close in any order.
 */
export function useBodyScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    const { style } = document.body;
    if (held.count === 0) held.previous = style.overflow;
    held.count += 1;
    style.overflow = 'hidden';
    return () => {
      held.count -= 1;
      if (held.count === 0) style.overflow = held.previous;
    };
  }, [locked]);
}
