import { useId } from 'react';
import { SortButtons } from '@/components/ui/sort-buttons';
import { useSite } from '@/lib/site-variant';
import {
  activeStampSort,
  chooseStampRarity,
  chooseStampSort,
  STAMP_RARITY,
  STAMP_ONLY,
  STAMP_SORT_FIELDS,
  stampTypesFor,
  toggleStampOnly,
  toggleStampType,
  type StampOnly,
  type StampRarity,
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
    rarity_rank: 'Rarity',
  };
}

const RARITY_LABELS: Record<StampRarity, string> = {
  top10: 'Top 10',
  top100: 'Top 100',
  top1000: 'Top 1000',
  sub100: 'Sub 100',
  sub1000: 'Sub 1K',
  sub10000: 'Sub 10K',
  sub100000: 'Sub 100K',
};

type StampFiltersProps = {
  state: StampSearchState;
  /** The state after a filter or sort change (the page already reset). */
  onChange: (next: StampSearchState) => void;
  /** Offers the rarity filter (where the list takes it). */
  offerRarity?: boolean;
};

/** The stamp lists' filter bar: type and show-only filters and the sort buttons (the finder's rules). */
export function StampFilters({ state, onChange, offerRarity = true }: StampFiltersProps) {
  const site = useSite();
  const sort = activeStampSort(state);
  const rarityId = useId();
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
      {offerRarity && (
        <div className="filter-group" role="group" aria-labelledby={rarityId}>
          <span id={rarityId} className="filter-group__legend">
            Rarity
          </span>
          {STAMP_RARITY.map((rarity) => (
            <button
              key={rarity}
              type="button"
              className={state.rarity === rarity ? 'sort-button sort-button--active' : 'sort-button'}
              aria-pressed={state.rarity === rarity}
              onClick={() => {
                onChange(chooseStampRarity(state, rarity));
              }}
            >
              {RARITY_LABELS[rarity]}
            </button>
          ))}
        </div>
      )}
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
