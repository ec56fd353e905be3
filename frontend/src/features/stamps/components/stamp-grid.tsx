import type { StampHit } from '../types';
import { StampCard } from './stamp-card';

/** Stamp cards in a responsive grid; 'NO RESULTS' when there are none. */
export function StampGrid({ hits, busy = false }: { hits: StampHit[]; busy?: boolean }) {
  if (hits.length === 0) return <p className="empty">NO RESULTS</p>;
  return (
    <ul className="stamp-grid" aria-busy={busy}>
      {hits.map((hit) => (
        <StampCard key={hit.cpid} hit={hit} />
      ))}
    </ul>
  );
}
