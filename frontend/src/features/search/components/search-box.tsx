import { useId, useRef, useState, type FocusEvent, type KeyboardEvent, type SubmitEvent } from 'react';
import { createPortal } from 'react-dom';
import { useMatch, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSite } from '@/lib/site-variant';
import { useBodyScrollLock } from '@/lib/use-body-scroll-lock';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { submitTarget } from '../submit-target';
import { normalizeAutocomplete, useAutocompleteQuery, useLazyAutocompleteQuery } from '../api';
import type { Autocomplete } from '../types';
import { SearchSuggestions } from './search-suggestions';

/** The spec's debounce of the header autocomplete, in ms. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The header search box and its overlay. Focus (or typing) opens the overlay and locks page scroll; Escape
 * clears the text and closes it, as do a click on the overlay and submitting. Suggestions follow the text after
 * 300 ms without typing. Submitting goes to the one exact match, else to /search/{text}. On a finder page the box
 * shows that page's text, and emptying it goes back to /search.
 */
export function SearchBox() {
  const site = useSite();
  const navigate = useNavigate();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const finderText = useMatch(paths.searchQuery.path)?.params.q ?? '';

  const [text, setText] = useState(finderText);
  // Follow the finder page's text when the page changes (back/forward, a submit), without remounting the input.
  const [shownFinderText, setShownFinderText] = useState(finderText);
  if (finderText !== shownFinderText) {
    setShownFinderText(finderText);
    setText(finderText);
  }
  const [open, setOpen] = useState(false);
  useBodyScrollLock(open);

  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const suggestions = useAutocompleteQuery(query, { skip: !open || query === '' });
  const [lookup] = useLazyAutocompleteQuery();

  const change = (value: string) => {
    setText(value);
    if (value.trim() === '' && finderText !== '') void navigate(paths.search.getHref());
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOpen(false);
    inputRef.current?.blur();
    const trimmed = text.trim();
    let hits: Autocomplete = normalizeAutocomplete(null);
    if (trimmed) {
      try {
        hits = await lookup(trimmed, true).unwrap();
      } catch {
        // No suggestions to match against: go to the finder.
      }
    }
    await navigate(submitTarget(trimmed, hits, site.stampHref));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    change('');
    setOpen(false);
  };

  // Tabbing out of the search closes it; a click on something that takes no focus is the overlay's business.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
  };

  const showPanel = open && text.trim() !== '';

  return (
    <div className={open ? 'search search--open' : 'search'} onBlur={onBlur}>
      <form
        className="search-box"
        role="search"
        onSubmit={(event) => {
          void submit(event);
        }}
      >
        <label className="visually-hidden" htmlFor={inputId}>
          Search {site.stampsWord.toLowerCase()}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="search-box__input"
          type="search"
          name="q"
          value={text}
          placeholder={site.searchPlaceholder}
          autoComplete="off"
          enterKeyHint="search"
          onFocus={() => {
            setOpen(true);
          }}
          onChange={(event) => {
            change(event.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
        <button className="search-box__submit" type="submit" aria-label="Search">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              d="M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM15.5 15.5 20 20"
            />
          </svg>
        </button>
      </form>
      {showPanel && (
        <div className="search-panel">
          <SearchSuggestions
            result={suggestions.data}
            isFetching={suggestions.isFetching}
            isError={suggestions.isError}
            onChoose={() => {
              setOpen(false);
            }}
          />
        </div>
      )}
      {open &&
        createPortal(
          <div
            className="search-overlay"
            aria-hidden="true"
            onClick={() => {
              setOpen(false);
            }}
          />,
          document.body,
        )}
    </div>
  );
}
