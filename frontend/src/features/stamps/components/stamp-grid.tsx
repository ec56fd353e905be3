import type { StampHit } from '../types';
import { StampCard } from './stamp-card';

type StampGridProps = {
  hits: StampHit[];
  busy?: boolean;
  /** Shows every card's details (the finder's 'Expand details'). */
  expanded?: boolean;
  /** The list's accessible name. */
  label?: string;
};

/** Stamp cards in a responsive grid; 'NO RESULTS' when there are none. */
export function StampGrid({ hits, busy = false, expanded = false, label }: StampGridProps) {
  if (hits.length === 0) return <p className="empty">NO RESULTS</p>;
  return (
    <ul className="stamp-grid" aria-busy={busy} aria-label={label}>
      {hits.map((hit) => (
        <StampCard key={hit.cpid} hit={hit} expanded={expanded} />
      ))}
    </ul>
  );
}
