import { FilterChips, Finder } from '@/components/finder/finder';
import { useFinderParams } from '@/components/finder/use-finder-params';
import { paths } from '@/config/paths';
import { SRC20_PAGE_SIZE } from '../api';
import {
  activeSort,
  chooseSort,
  clearTick,
  parseSrc20Search,
  SRC20_ONLY,
  SRC20_SORT_FIELDS,
  SRC20_TYPES,
  src20SearchParams,
  toggleOnly,
  toggleType,
  toSrc20SearchArgs,
  type Src20Only,
  type Src20SortField,
  type Src20Type,
} from '../search-params';
import { Src20Results } from './src20-results';
import { SortButtons } from '@/components/ui/sort-buttons';

const TYPE_LABELS: Record<Src20Type, string> = { deploy: 'Deploy', transfer: 'Transfer', mint: 'Mint' };
const ONLY_LABELS: Record<Src20Only, string> = { valid: 'Valid', minted_out: 'Minted out', in_progress: 'In progress' };
const SORT_LABELS: Record<Src20SortField, string> = {
  stamp: 'Stamp',
  progress: 'Progress',
  holdersCount: 'Holders',
  mintedCount: 'Mints',
  mintersCount: 'Minters',
};

/**
 * The SRC-20 finder: search text in the path (/src20/search/{q}), filters, sort and page in the query. Every
 * change goes through the pure rules of `search-params.ts` (forcing Deploy, resets) and lands in the URL.
 */
export function Src20Finder({ q }: { q: string }) {
  const [state, update] = useFinderParams(parseSrc20Search, src20SearchParams);
  const sort = activeSort(state);

  return (
    <Finder
      search={{
        q,
        label: 'Search SRC-20',
        placeholder: 'Tick, address or tx hash',
        href: (text) => (text ? paths.src20SearchQuery.getHref(text) : paths.src20Search.getHref()),
        query: src20SearchParams({ ...state, page: 1 }),
      }}
      controls={
        <>
          <FilterChips
            legend="Types"
            options={SRC20_TYPES}
            labels={TYPE_LABELS}
            selected={state.types}
            onToggle={(type) => {
              update(toggleType(state, type));
            }}
          />
          <FilterChips
            legend="Only"
            options={SRC20_ONLY}
            labels={ONLY_LABELS}
            selected={state.only}
            onToggle={(only) => {
              update(toggleOnly(state, only));
            }}
          />
          <SortButtons
            fields={SRC20_SORT_FIELDS}
            labels={SORT_LABELS}
            active={sort.field}
            direction={sort.direction}
            onChoose={(field) => {
              update(chooseSort(state, field));
            }}
          />
          {state.tick && (
            <p className="filter-group">
              Tick <strong className="break">{state.tick}</strong>
              <button
                type="button"
                className="sort-button"
                onClick={() => {
                  update(clearTick(state));
                }}
              >
                Clear tick
              </button>
            </p>
          )}
        </>
      }
    >
      <Src20Results args={toSrc20SearchArgs(q, state, SRC20_PAGE_SIZE)} />
    </Finder>
  );
}
