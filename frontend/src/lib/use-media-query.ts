import { useCallback, useSyncExternalStore } from 'react';

/** The spec's mobile breakpoint: 768 px and wider is the desktop layout. */
export const DESKTOP_QUERY = '(min-width: 768px)';

/**
 * Whether a media query matches, kept up to date. Where the browser has no `matchMedia` (tests, old engines) it
 * reads `fallback`.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => {
        list.removeEventListener('change', onChange);
      };
    },
    [query],
  );
  const read = () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback);
  return useSyncExternalStore(subscribe, read, () => fallback);
}
