import { useEffect } from 'react';

/** Stops the page from scrolling while `locked`, then restores the body's previous overflow. */
export function useBodyScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    const { style } = document.body;
    const previous = style.overflow;
    style.overflow = 'hidden';
    return () => {
      style.overflow = previous;
    };
  }, [locked]);
}
