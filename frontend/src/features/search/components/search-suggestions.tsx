import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { GENERIC_ERROR } from '@/lib/api-error';
import { useSite } from '@/lib/site-variant';
import { displayUserId, stampLabel } from '@/utils/format';
import type { Autocomplete } from '../types';

type SearchSuggestionsProps = {
  result: Autocomplete | undefined;
  isFetching: boolean;
  isError: boolean;
  /** Called when a suggestion is chosen (its link then navigates). */
  onChoose: () => void;
};

function Group({ id, title, busy, children }: { id: string; title: string; busy: boolean; children: ReactNode }) {
  const titleId = `search-group-${id}`;
  return (
    <section className="search-panel__group" aria-labelledby={titleId} aria-busy={busy}>
      <p id={titleId} className="search-panel__title">
        {title}
      </p>
      <ul className="search-panel__list">{children}</ul>
    </section>
  );
}

function isEmpty(result: Autocomplete): boolean {
  return (
    result.stampHits.length === 0 &&
    result.src20Hits.length === 0 &&
    result.collectionHits.length === 0 &&
    result.leaderboardHits.length === 0
  );
}

/**
 * The overlay's results, grouped as the spec groups them: Stamps ('Assets' on the XCP site), Src20, Collections and
 * Users; only groups with results are shown, 'NO RESULTS' when none has any.
 */
export function SearchSuggestions({ result, isFetching, isError, onChoose }: SearchSuggestionsProps) {
  const site = useSite();

  if (isError) return <p className="search-panel__status">{GENERIC_ERROR}</p>;
  if (!result || (isEmpty(result) && isFetching)) return <p className="search-panel__status">Searching...</p>;
  if (isEmpty(result)) return <p className="search-panel__status">NO RESULTS</p>;
  return (
    <>
      {result.stampHits.length > 0 && (
        <Group id="stamps" title={site.stampsWord} busy={isFetching}>
          {result.stampHits.map((hit) => (
            <li key={hit.cpid}>
              <Link className="search-panel__item" to={site.stampHref(hit.cpid)} onClick={onChoose}>
                <span className="search-panel__number">{stampLabel(hit.stamp)}</span>
                <span className="search-panel__name mono">{hit.asset_longname ?? hit.cpid}</span>
              </Link>
            </li>
          ))}
        </Group>
      )}
      {result.src20Hits.length > 0 && (
        <Group id="src20" title="Src20" busy={isFetching}>
          {result.src20Hits.map((hit) => (
            <li key={hit.tick}>
              <Link className="search-panel__item" to={paths.src20Tick.getHref(hit.tick)} onClick={onChoose}>
                <span className="search-panel__name">{hit.tick}</span>
              </Link>
            </li>
          ))}
        </Group>
      )}
      {result.collectionHits.length > 0 && (
        <Group id="collections" title="Collections" busy={isFetching}>
          {result.collectionHits.map((hit) => (
            <li key={hit.collection_id}>
              <Link className="search-panel__item" to={paths.collection.getHref(hit.collection_id)} onClick={onChoose}>
                <span className="search-panel__name">{hit.name || hit.collection_id}</span>
              </Link>
            </li>
          ))}
        </Group>
      )}
      {result.leaderboardHits.length > 0 && (
        <Group id="users" title="Users" busy={isFetching}>
          {result.leaderboardHits.map((hit) => (
            <li key={hit.user_id}>
              <Link
                className="search-panel__item"
                to={paths.profile.getHref(hit.display_name ?? hit.user_id)}
                onClick={onChoose}
                title={hit.user_id}
              >
                <span className="search-panel__name">{hit.display_name ?? displayUserId(hit.user_id)}</span>
              </Link>
            </li>
          ))}
        </Group>
      )}
    </>
  );
}
