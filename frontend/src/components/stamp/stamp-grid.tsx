import type { StampHit } from '@/lib/stamp';
import { StampCard } from './stamp-card';

type StampGridProps = {
  hits: StampHit[];
  busy?: boolean;
  /** Shows every card's details (the finder's 'Expand details'). */
  expanded?: boolean;
  /** The list's accessible name. */
  label?: string;
  /** How many leading cards load their image at once (the ones above the fold); the others load lazily. */
  eager?: number;
};

/** Stamp cards in a responsive grid; 'NO RESULTS' when there are none. */
export function StampGrid({ hits, busy = false, expanded = false, label, eager = 0 }: StampGridProps) {
  if (hits.length === 0) return <p className="empty">NO RESULTS</p>;
  return (
    <ul className="stamp-grid" aria-busy={busy} aria-label={label}>
      {hits.map((hit, index) => (
        <StampCard key={hit.cpid} hit={hit} expanded={expanded} loading={index < eager ? 'eager' : 'lazy'} />
      ))}
    </ul>
  );
}
