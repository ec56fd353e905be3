import { useEffect, useRef } from 'react';

/** The events that count as the user's input. */
const INPUT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Calls `onIdle` once `timeoutMs` pass without user input while `active`; every input restarts the wait.
 */
export function useIdleTimeout(active: boolean, timeoutMs: number, onIdle: () => void): void {
  const callback = useRef(onIdle);
  useEffect(() => {
    callback.current = onIdle;
  }, [onIdle]);

  useEffect(() => {
    if (!active) return;
    let timer = setTimeout(() => {
      callback.current();
    }, timeoutMs);
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        callback.current();
      }, timeoutMs);
    };
    for (const name of INPUT_EVENTS) window.addEventListener(name, restart, { capture: true, passive: true });
    return () => {
      clearTimeout(timer);
      for (const name of INPUT_EVENTS) window.removeEventListener(name, restart, { capture: true });
    };
  }, [active, timeoutMs]);
}
