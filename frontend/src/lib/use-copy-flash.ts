import { useCallback, useEffect, useRef, useState } from 'react';

/** How long 'Copied!' shows after a copy (spec: 1 second). */
export const COPY_FLASH_MS = 1000;

/**
 * Copies text to the clipboard and reports `copied` for one second afterwards. A refused clipboard leaves
 * `copied` false (nothing was copied, so nothing claims it was).
 */
export function useCopyFlash(): { copied: boolean; copy: (text: string) => Promise<void> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
    },
    [],
  );

  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setCopied(false);
    }, COPY_FLASH_MS);
  }, []);

  return { copied, copy };
}
