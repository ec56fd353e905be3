import { useSearchParams } from 'react-router';

/**
 * A finder's state kept in the URL's query: `parse` reads it (dropping what it does not know), `write` gives the query
 * of a new state (from the current query, for a list that keeps its page's other parameters). `update` replaces the
 * query at once (flushSync), so that controls following the URL never show their old state for a frame.
 */
export function useFinderParams<S>(
  parse: (params: URLSearchParams) => S,
  write: (state: S, current: URLSearchParams) => URLSearchParams,
): [state: S, update: (next: S) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const update = (next: S) => {
    setSearchParams(write(next, searchParams), { flushSync: true });
  };
  return [parse(searchParams), update];
}
