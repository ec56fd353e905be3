import { useEffect, useState } from 'react';
import { COPY_FLASH_MS } from '../config';

/** Copies `text` to the clipboard; says 'Copied!' for a second after (or that the copy failed). */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [shown, setShown] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (shown === 'idle') return;
    const timer = setTimeout(() => {
      setShown('idle');
    }, COPY_FLASH_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [shown]);

  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => {
        setShown('copied');
      },
      () => {
        setShown('failed');
      },
    );
  };

  return (
    <button type="button" className="button" onClick={copy} aria-live="polite">
      {shown === 'copied' ? 'Copied!' : shown === 'failed' ? 'Copy failed' : label}
    </button>
  );
}
