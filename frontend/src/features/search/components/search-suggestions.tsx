import { Link } from 'react-router';
import { GENERIC_ERROR } from '@/lib/api-error';
import { useSite } from '@/lib/site-variant';
import { stampLabel } from '@/utils/format';
import type { Autocomplete } from '../types';

type SearchSuggestionsProps = {
  result: Autocomplete | undefined;
  isFetching: boolean;
  isError: boolean;
  /** Called when a suggestion is chosen (its link then navigates). */
  onChoose: () => void;
};

/**
 * The overlay's results, grouped; only groups with results are shown. Today that is the stamp group
 * ('Stamps', or 'Assets' on the XCP site); the spec's Src20, Collections and Users groups join when their pages exist.
 */
export function SearchSuggestions({ result, isFetching, isError, onChoose }: SearchSuggestionsProps) {
  const site = useSite();

  if (isError) return <p className="search-panel__status">{GENERIC_ERROR}</p>;
  if (!result || (result.stampHits.length === 0 && isFetching)) {
    return <p className="search-panel__status">Searching...</p>;
  }
  if (result.stampHits.length === 0) return <p className="search-panel__status">NO RESULTS</p>;
  return (
    <section className="search-panel__group" aria-labelledby="search-group-stamps" aria-busy={isFetching}>
      <p id="search-group-stamps" className="search-panel__title">
        {site.stampsWord}
      </p>
      <ul className="search-panel__list">
        {result.stampHits.map((hit) => (
          <li key={hit.cpid}>
            <Link className="search-panel__item" to={site.stampHref(hit.cpid)} onClick={onChoose}>
              <span className="search-panel__number">{stampLabel(hit.stamp)}</span>
              <span className="search-panel__name mono">{hit.asset_longname ?? hit.cpid}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
