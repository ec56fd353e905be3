import { ChoiceButtons, FilterChips } from '@/components/finder/finder';
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
  return (
    <>
      <FilterChips
        legend="Types"
        options={stampTypesFor(site.variant)}
        labels={TYPE_LABELS}
        selected={state.types}
        onToggle={(type) => {
          onChange(toggleStampType(state, type));
        }}
      />
      <FilterChips
        legend="Show only"
        options={STAMP_ONLY}
        labels={ONLY_LABELS}
        selected={state.only}
        onToggle={(only) => {
          onChange(toggleStampOnly(state, only));
        }}
      />
      {offerRarity && (
        <ChoiceButtons
          legend="Rarity"
          options={STAMP_RARITY}
          labels={RARITY_LABELS}
          active={state.rarity}
          onChoose={(rarity) => {
            onChange(chooseStampRarity(state, rarity));
          }}
        />
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
