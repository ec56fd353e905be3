import { SortButtons } from '@/components/ui/sort-buttons';
import { useSite } from '@/lib/site-variant';
import {
  activeStampSort,
  chooseStampSort,
  STAMP_ONLY,
  STAMP_SORT_FIELDS,
  stampTypesFor,
  toggleStampOnly,
  toggleStampType,
  type StampOnly,
  type StampSearchState,
  type StampSortField,
  type StampType,
} from '../finder-params';

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

type StampFiltersProps = {
  state: StampSearchState;
  /** The state after a filter or sort change (the page already reset). */
  onChange: (next: StampSearchState) => void;
};

/** The stamp lists' filter bar: type and show-only filters and the sort buttons (the finder's rules). */
export function StampFilters({ state, onChange }: StampFiltersProps) {
  const site = useSite();
  const sort = activeStampSort(state);
  return (
    <>
      <fieldset className="filter-group">
        <legend>Types</legend>
        {stampTypesFor(site.variant).map((type) => (
          <label key={type} className="filter-chip">
            <input
              type="checkbox"
              checked={state.types.includes(type)}
              onChange={() => {
                onChange(toggleStampType(state, type));
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
                onChange(toggleStampOnly(state, only));
              }}
            />
            {ONLY_LABELS[only]}
          </label>
        ))}
      </fieldset>
      <SortButtons
        fields={STAMP_SORT_FIELDS}
        labels={sortLabels(site.stampWord)}
        active={sort.field}
        direction={sort.direction}
        onChoose={(field) => {
          onChange(chooseStampSort(state, field));
        }}
      />
    </>
  );
}
