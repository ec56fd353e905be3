import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSite } from '@/lib/site-variant';
import { STAMP_PAGE_SIZE } from '../api';
import { parseStampSearch, stampSearchParams, toStampSearchArgs, type StampSearchState } from '../finder-params';
import { StampFilters } from './stamp-filters';
import { StampResults } from './stamp-results';

/**
 * The stamp finder's controls and results: type and show-only filters, sort and page in the query (through the
 * pure rules of `finder-params.ts`), the search text in the path, and the 'Expand details' switch.
 */
export function StampFinder({ q }: { q: string }) {
  const site = useSite();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseStampSearch(searchParams, site.variant);
  const [expanded, setExpanded] = useState(false);

  const update = (next: StampSearchState) => {
    // The checkboxes follow the URL: updated at once, they never show their old state for a frame.
    setSearchParams(stampSearchParams(next), { flushSync: true });
  };

  return (
    <div className="finder">
      <div className="src20-controls finder__controls">
        <StampFilters state={state} onChange={update} />
        <label className="filter-chip">
          <input
            type="checkbox"
            checked={expanded}
            onChange={(event) => {
              setExpanded(event.target.checked);
            }}
          />
          Expand details
        </label>
      </div>
      <StampResults args={toStampSearchArgs(q, state, STAMP_PAGE_SIZE)} expanded={expanded} />
    </div>
  );
}
