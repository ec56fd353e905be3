import { useId, useRef, type ReactNode, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';

export type FinderSearchProps = {
  /** The search text in force (the path's); the box starts with it and starts over when it changes. */
  q: string;
  /** The box's label and placeholder. */
  label: string;
  placeholder: string;
  /** The path of a search text ('' for none). */
  href: (text: string) => string;
  /** The query a new search keeps (the filters and sort, without the page). */
  query: URLSearchParams;
};

/** A finder's search box: a labelled search field and its Search button; a search opens the text's path. */
export function FinderSearch({ q, label, placeholder, href, query }: FinderSearchProps) {
  const navigate = useNavigate();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = inputRef.current?.value.trim() ?? '';
    const search = query.toString();
    void navigate({ pathname: href(text), search: search ? `?${search}` : '' });
  };

  return (
    <form key={q} className="finder-search" role="search" onSubmit={submit}>
      <label htmlFor={inputId} className="finder-search__label">
        {label}
      </label>
      <div className="finder-search__row">
        <input
          ref={inputRef}
          id={inputId}
          className="finder-search__input"
          name="q"
          type="search"
          defaultValue={q}
          placeholder={placeholder}
          autoComplete="off"
        />
        <button className="button" type="submit">
          Search
        </button>
      </div>
    </form>
  );
}

/** A finder's row of filter and sort controls. */
export function FinderControls({ children }: { children: ReactNode }) {
  return <div className="finder-controls">{children}</div>;
}

type FilterChipsProps<T extends string> = {
  legend: string;
  /** The values offered, in order, and their labels. */
  options: readonly T[];
  labels: Readonly<Record<T, string>>;
  /** The values chosen. */
  selected: readonly T[];
  onToggle: (value: T) => void;
};

/** A group of filters any number of which may be on: a fieldset of checkbox chips. */
export function FilterChips<T extends string>({ legend, options, labels, selected, onToggle }: FilterChipsProps<T>) {
  return (
    <fieldset className="filter-group">
      <legend>{legend}</legend>
      {options.map((value) => (
        <FilterChip
          key={value}
          checked={selected.includes(value)}
          onChange={() => {
            onToggle(value);
          }}
        >
          {labels[value]}
        </FilterChip>
      ))}
    </fieldset>
  );
}

/** A checkbox chip: one filter, or a switch of the finder's view (such as 'Expand details'). */
export function FilterChip({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="filter-chip">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
      />
      {children}
    </label>
  );
}

type ChoiceButtonsProps<T extends string> = {
  legend: string;
  options: readonly T[];
  labels: Readonly<Record<T, string>>;
  /** The value chosen, if any. */
  active: T | null;
  onChoose: (value: T) => void;
};

/** A group of filters one of which at most is on: a labelled group of toggle buttons. */
export function ChoiceButtons<T extends string>({ legend, options, labels, active, onChoose }: ChoiceButtonsProps<T>) {
  const id = useId();
  return (
    <div className="filter-group" role="group" aria-labelledby={id}>
      <span id={id} className="filter-group__legend">
        {legend}
      </span>
      {options.map((value) => (
        <button
          key={value}
          type="button"
          className={active === value ? 'sort-button sort-button--active' : 'sort-button'}
          aria-pressed={active === value}
          onClick={() => {
            onChoose(value);
          }}
        >
          {labels[value]}
        </button>
      ))}
    </div>
  );
}

type FinderProps = {
  /** The search box; none where the header's search box feeds the finder. */
  search?: FinderSearchProps;
  /** The filter and sort controls. */
  controls: ReactNode;
  /** The results. */
  children: ReactNode;
};

/**
 * A finder: its search box (when it has one), its filter and sort controls, then its results. The controls' state
 * lives in the URL (see `useFinderParams`), the search text in the path.
 */
export function Finder({ search, controls, children }: FinderProps) {
  return (
    <div className="finder">
      {search && <FinderSearch {...search} />}
      <FinderControls>{controls}</FinderControls>
      {children}
    </div>
  );
}
