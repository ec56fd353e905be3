import { useId, useRef, type SubmitEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
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
  type Src20SearchState,
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
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseSrc20Search(searchParams);
  const sort = activeSort(state);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const update = (next: Src20SearchState) => {
    setSearchParams(src20SearchParams(next), { flushSync: true });
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = inputRef.current?.value.trim() ?? '';
    const search = src20SearchParams({ ...state, page: 1 }).toString();
    void navigate({
      pathname: text ? paths.src20SearchQuery.getHref(text) : paths.src20Search.getHref(),
      search: search ? `?${search}` : '',
    });
  };

  return (
    <div className="src20-finder">
      <form key={q} className="src20-search" role="search" onSubmit={submit}>
        <label htmlFor={inputId} className="src20-search__label">
          Search SRC-20
        </label>
        <div className="src20-search__row">
          <input
            ref={inputRef}
            id={inputId}
            className="src20-search__input"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Tick, address or tx hash"
            autoComplete="off"
          />
          <button className="button" type="submit">
            Search
          </button>
        </div>
      </form>

      <div className="src20-controls">
        <fieldset className="filter-group">
          <legend>Types</legend>
          {SRC20_TYPES.map((type) => (
            <label key={type} className="filter-chip">
              <input
                type="checkbox"
                checked={state.types.includes(type)}
                onChange={() => {
                  update(toggleType(state, type));
                }}
              />
              {TYPE_LABELS[type]}
            </label>
          ))}
        </fieldset>
        <fieldset className="filter-group">
          <legend>Only</legend>
          {SRC20_ONLY.map((only) => (
            <label key={only} className="filter-chip">
              <input
                type="checkbox"
                checked={state.only.includes(only)}
                onChange={() => {
                  update(toggleOnly(state, only));
                }}
              />
              {ONLY_LABELS[only]}
            </label>
          ))}
        </fieldset>
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
      </div>

      <Src20Results args={toSrc20SearchArgs(q, state, SRC20_PAGE_SIZE)} />
    </div>
  );
}
