import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Pagination } from '@/components/ui/pagination';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { useSite } from '@/lib/site-variant';
import { formatInteger, shortenAddress } from '@/utils/format';
import { formatBtc } from '@/utils/money';
import { pageCount } from '@/utils/pagination';
import { useGetLeaderboardQuery } from '../api';
import {
  activeLeaderboardSort,
  chooseLeaderboardSort,
  LEADERBOARD_PAGE_SIZE,
  LEADERBOARD_SORTS,
  leaderboardParams,
  offersSorts,
  parseLeaderboard,
  toLeaderboardArgs,
  type LeaderboardSort,
} from '../search-params';
import type { Collector } from '../types';
import { SortButtons } from '@/components/ui/sort-buttons';
import { CollectorThumb } from './collector-thumb';
import { LeaderboardTitle } from './leaderboard-title';
import { XcpLeaderboard } from './xcp-leaderboard';
import { ResultLine } from '@/components/ui/result-line';

function sortLabels(stampsWord: string): Record<LeaderboardSort, string> {
  return {
    stamp_count: stampsWord,
    stamp_created_count: 'Created',
    floor_valuation: 'Floor valuation',
    last_sale_valuation: 'Last sale valuation',
    destruction_valuation: 'Destruction valuation',
  };
}

function CollectorCard({ collector, sort }: { collector: Collector; sort: LeaderboardSort }) {
  const site = useSite();
  const name = collector.display_name ?? shortenAddress(collector.user_id, 5);
  return (
    <li className="collector">
      <span className="collector__rank" aria-label={`Rank ${String(collector.rank)}`}>
        #{formatInteger(collector.rank)}
      </span>
      <div className="collector__main">
        <Link
          className="collector__name break"
          to={paths.profile.getHref(collector.display_name ?? collector.user_id)}
          title={collector.user_id}
        >
          {name}
        </Link>
        {collector.stamps.length > 0 && (
          <div className="collector__thumbs">
            {collector.stamps.slice(0, 5).map((stamp) => (
              <CollectorThumb
                key={stamp.cpid}
                cpid={stamp.cpid}
                url={stamp.url}
                alt={`${site.stampWord} ${stamp.cpid}`}
              />
            ))}
          </div>
        )}
      </div>
      <dl className="collector__facts">
        <div>
          <dt>{site.stampsWord}</dt>
          <dd>{formatInteger(collector.stamp_count)}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatInteger(collector.stamp_created_count)}</dd>
        </div>
        <div>
          <dt>Floor valuation</dt>
          <dd>{formatBtc(collector.floor_valuation)}</dd>
        </div>
        <div>
          <dt>Last sale valuation</dt>
          <dd>{formatBtc(collector.last_sale_valuation)}</dd>
        </div>
        {sort === 'destruction_valuation' && (
          <>
            <div>
              <dt>Destroyed</dt>
              <dd>{formatInteger(collector.destroyed_count)}</dd>
            </div>
            <div>
              <dt>Destruction valuation</dt>
              <dd>{formatBtc(collector.destruction_valuation)}</dd>
            </div>
          </>
        )}
      </dl>
    </li>
  );
}

/**
 * The collectors ranking: sorts (hidden with ?project=), 20 per page with ?page=N. The XCP site ranks the holders of
 * Counterparty assets (`/api/xcp/leaderboard`); a project (a collection) is ranked by its stamps on both sites.
 */
export function Leaderboard() {
  const site = useSite();
  const [searchParams] = useSearchParams();
  const state = parseLeaderboard(searchParams);
  if (site.variant === 'xcp' && !state.project) return <XcpLeaderboard />;
  return <StampsLeaderboard />;
}

/** The Stamps site's ranking (`/api/leaderboard`), and a project's on either site. */
function StampsLeaderboard() {
  const site = useSite();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseLeaderboard(searchParams);
  const sort = activeLeaderboardSort(state);
  const labels = sortLabels(site.stampsWord);
  const titleId = useId();
  const { data, error, isLoading, isFetching, isError } = useGetLeaderboardQuery(toLeaderboardArgs(state));

  let body;
  if (isLoading) body = <Loading />;
  else if (isError || !data) {
    body = <ErrorNotice message={(errorStatus(error) === 400 && errorMessage(error)) || GENERIC_ERROR} />;
  } else {
    const pages = pageCount(data.estimatedTotalHits, LEADERBOARD_PAGE_SIZE);
    body = (
      <div className="results">
        <ResultLine offset={data.offset} shown={data.hits.length} total={data.estimatedTotalHits} />
        <Pagination page={state.page} count={pages} label="Pages (top)" />
        {data.hits.length === 0 ? (
          <p className="empty">NO RESULTS</p>
        ) : (
          <ol className="leaderboard__list" aria-labelledby={titleId} aria-busy={isFetching}>
            {data.hits.map((collector) => (
              <CollectorCard key={collector.user_id} collector={collector} sort={sort} />
            ))}
          </ol>
        )}
        <Pagination page={state.page} count={pages} label="Pages (bottom)" />
      </div>
    );
  }

  return (
    <div className="leaderboard">
      <LeaderboardTitle destruction={sort === 'destruction_valuation'} id={titleId} />
      {state.project && (
        <p className="leaderboard__project">
          Collection <strong className="break">{state.project}</strong>
        </p>
      )}
      {offersSorts(state) && (
        <SortButtons
          className="leaderboard__sorts"
          fields={LEADERBOARD_SORTS}
          labels={labels}
          active={sort}
          onChoose={(field) => {
            setSearchParams(leaderboardParams(chooseLeaderboardSort(state, field)));
          }}
        />
      )}
      {body}
    </div>
  );
}
