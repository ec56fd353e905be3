import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSite } from '@/lib/site-variant';
import { STAMP_PAGE_SIZE } from '../api';
import {
  activeStampSort,
  chooseStampSort,
  parseStampSearch,
  STAMP_ONLY,
  STAMP_SORT_FIELDS,
  stampSearchParams,
  stampTypesFor,
  toggleStampOnly,
  toggleStampType,
  toStampSearchArgs,
  type StampOnly,
  type StampSearchState,
  type StampSortField,
  type StampType,
} from '../finder-params';
import { StampResults } from './stamp-results';
import { SortButtons } from '@/components/ui/sort-buttons';

const TYPE_LABELS: Record<StampType, string> = {
  'src-721': 'SRC-721',
  bmn: 'Music (BMN)',
  png: 'PNG',
  gif: 'GIF',
  svg: 'SVG',
  jpeg: 'JPEG',
  html: 'HTML',
  other: 'Other',
  cursed_stamp: 'Cursed',
};

const ONLY_LABELS: Record<StampOnly, string> = {
  on_sale: 'On sale',
  locked: 'Locked',
  keyburn: 'Keyburn',
  olga: 'OLGA',
  unique: 'Unique (1/1)',
  burned: 'Burned',
};

function sortLabels(stampWord: string): Record<StampSortField, string> {
  return {
    stamp: stampWord,
    floor_price: 'Floor price',
    total_volume: 'Total volume',
    supply: 'Supply',
    last_sale: 'Last sale',
    last_sale_price: 'Last sale price',
    last_dispenser: 'Last dispenser',
    stamp_base64_size: 'File size',
    dividend_count: 'Dividends',
  };
}

/**
 * The stamp finder's controls and results: type and show-only filters, sort and page in the query (through the
 * pure rules of `finder-params.ts`), the search text in the path, and the 'Expand details' switch.
 */
export function StampFinder({ q }: { q: string }) {
  const site = useSite();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseStampSearch(searchParams, site.variant);
  const sort = activeStampSort(state);
  const labels = sortLabels(site.stampWord);
  const [expanded, setExpanded] = useState(false);

  const update = (next: StampSearchState) => {
    setSearchParams(stampSearchParams(next));
  };

  return (
    <div className="finder">
      <div className="src20-controls finder__controls">
        <fieldset className="filter-group">
          <legend>Types</legend>
          {stampTypesFor(site.variant).map((type) => (
            <label key={type} className="filter-chip">
              <input
                type="checkbox"
                checked={state.types.includes(type)}
                onChange={() => {
                  update(toggleStampType(state, type));
                }}
              />
              {TYPE_LABELS[type]}
            </label>
          ))}
        </fieldset>
        <fieldset className="filter-group">
          <legend>Show only</legend>
          {STAMP_ONLY.map((only) => (
            <label key={only} className="filter-chip">
              <input
                type="checkbox"
                checked={state.only.includes(only)}
                onChange={() => {
                  update(toggleStampOnly(state, only));
                }}
              />
              {ONLY_LABELS[only]}
            </label>
          ))}
        </fieldset>
        <SortButtons
          fields={STAMP_SORT_FIELDS}
          labels={labels}
          active={sort.field}
          direction={sort.direction}
          onChoose={(field) => {
            update(chooseStampSort(state, field));
          }}
        />
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
