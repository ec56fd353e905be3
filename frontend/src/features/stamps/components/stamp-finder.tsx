import { useId, useState } from 'react';
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
  const sortId = useId();

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
        <div className="filter-group" role="group" aria-labelledby={sortId}>
          <span id={sortId} className="filter-group__legend">
            Sort
          </span>
          {STAMP_SORT_FIELDS.map((field) => {
            const active = sort.field === field;
            return (
              <button
                key={field}
                type="button"
                className={active ? 'sort-button sort-button--active' : 'sort-button'}
                aria-pressed={active}
                aria-label={
                  active
                    ? `Sort by ${labels[field]}, ${sort.direction === 'asc' ? 'ascending' : 'descending'}`
                    : `Sort by ${labels[field]}`
                }
                onClick={() => {
                  update(chooseStampSort(state, field));
                }}
              >
                {labels[field]}
                {active && <span aria-hidden="true">{sort.direction === 'asc' ? ' ↑' : ' ↓'}</span>}
              </button>
            );
          })}
        </div>
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
