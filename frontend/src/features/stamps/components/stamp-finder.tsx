import { useState } from 'react';
import { FilterChip, Finder } from '@/components/finder/finder';
import { useFinderParams } from '@/components/finder/use-finder-params';
import { useSite } from '@/lib/site-variant';
import { STAMP_PAGE_SIZE } from '../api';
import { parseStampSearch, stampSearchParams, toStampSearchArgs } from '../finder-params';
import { StampFilters } from './stamp-filters';
import { StampResults } from './stamp-results';

/**
 * The stamp finder's controls and results: type and show-only filters, sort and page in the query (through the
 * pure rules of `finder-params.ts`), the search text in the path, and the 'Expand details' switch.
 */
export function StampFinder({ q }: { q: string }) {
  const site = useSite();
  const [state, update] = useFinderParams((params) => parseStampSearch(params, site.variant), stampSearchParams);
  const [expanded, setExpanded] = useState(false);

  return (
    <Finder
      controls={
        <>
          <StampFilters state={state} onChange={update} />
          <FilterChip checked={expanded} onChange={setExpanded}>
            Expand details
          </FilterChip>
        </>
      }
    >
      <StampResults args={toStampSearchArgs(q, state, STAMP_PAGE_SIZE)} expanded={expanded} />
    </Finder>
  );
}
