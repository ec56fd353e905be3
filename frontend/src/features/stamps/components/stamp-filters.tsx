import { ChoiceButtons, FilterChips } from '@/components/finder/finder';
import { SortButtons } from '@/components/ui/sort-buttons';
import { useSite } from '@/lib/site-variant';
import { STAMP_TYPE_LABELS, stampSortLabels } from '@/lib/stamp-filters';
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
} from '../finder-params';

const ONLY_LABELS: Record<StampOnly, string> = {
  on_sale: 'On sale',
  locked: 'Locked',
  keyburn: 'Keyburn',
  olga: 'OLGA',
  unique: 'Unique (1/1)',
  burned: 'Burned',
};

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
        labels={STAMP_TYPE_LABELS}
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
        labels={stampSortLabels(site.stampWord)}
        active={sort.field}
        direction={sort.direction}
        onChoose={(field) => {
          onChange(chooseStampSort(state, field));
        }}
      />
    </>
  );
}
