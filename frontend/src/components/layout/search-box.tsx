import { useState, type KeyboardEvent, type SubmitEvent } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { searchTarget } from '@/utils/search';

/** The spec's placeholder of the header search box. */
export const SEARCH_PLACEHOLDER = 'Search for a stamp...';

function SearchForm({ initial }: { initial: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(initial);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(searchTarget(text));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') setText('');
  };

  return (
    <form className="search-box" role="search" onSubmit={submit}>
      <input
        className="search-box__input"
        type="search"
        name="q"
        value={text}
        placeholder={SEARCH_PLACEHOLDER}
        aria-label="Search stamps"
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => {
          setText(event.target.value);
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
  );
}

/**
 * The header search box. Submitting goes to /search/{text}, or to /search when the box is empty.
 * On a finder page it starts from that page's text, and starts over whenever that text changes.
 */
export function SearchBox() {
  const current = useMatch(paths.searchQuery.path)?.params.q ?? '';
  return <SearchForm key={current} initial={current} />;
}
