import { useRef } from 'react';
import { useNearViewport } from '@/lib/use-near-viewport';
import { cardText, useGetStampTextQuery } from '@/lib/stamp-text';

/** Said when a text stamp's file cannot be fetched. */
export const TEXT_LOAD_ERROR = 'The text could not be loaded.';

/**
 * A text stamp's text, fetched from its file URL and shown as text (never as HTML). On a card (`card`) it is a
 * clipped preview fetched once the card nears the window; on the stamp page a monospace block, wrapped and
 * scrolled when long.
 */
export function StampText({ url, label, card = false }: { url: string; label: string; card?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  const { data, isError } = useGetStampTextQuery(url, { skip: card && !near });
  const className = card ? 'stamp-image stamp-text stamp-text--card' : 'stamp-image stamp-text';
  const body = isError ? TEXT_LOAD_ERROR : data === undefined ? 'Loading text…' : card ? cardText(data) : data;
  return (
    <div
      ref={ref}
      className={className}
      role={card ? 'img' : 'region'}
      aria-label={label}
      aria-busy={data === undefined && !isError}
      tabIndex={card ? undefined : 0}
    >
      <pre className={isError ? 'stamp-text__body stamp-text__body--error' : 'stamp-text__body'}>{body}</pre>
    </div>
  );
}
