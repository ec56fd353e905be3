import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Pagination } from '@/components/ui/pagination';
import { SortButtons } from '@/components/ui/sort-buttons';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { useSite } from '@/lib/site-variant';
import { formatInteger, shortenAddress } from '@/utils/format';
import { formatBtc } from '@/utils/money';
import { pageCount } from '@/utils/pagination';
import { useGetXcpLeaderboardQuery } from '../api';
import { LEADERBOARD_PAGE_SIZE } from '../search-params';
import type { XcpCollector, XcpCollectorAsset } from '../types';
import {
  activeXcpLeaderboardSort,
  chooseXcpLeaderboardSort,
  isXcpDestructionSort,
  parseXcpLeaderboard,
  toXcpLeaderboardArgs,
  XCP_LEADERBOARD_SORTS,
  xcpLeaderboardParams,
  type XcpLeaderboardSort,
} from '../xcp-params';
import { CollectorThumb } from './collector-thumb';
import { LeaderboardTitle } from './leaderboard-title';
import { ResultLine } from '@/components/ui/result-line';

/** How many of a collector's assets its card shows (as the Stamps ranking's). */
const ASSETS_SHOWN = 5;

function sortLabels(stampsWord: string): Record<XcpLeaderboardSort, string> {
  return {
    xcp_count: stampsWord,
    xcp_created_count: 'Created',
    xcp_destroyed_count: 'Destroyed',
    floor_valuation: 'Floor valuation',
    last_sale_valuation: 'Last sale valuation',
    destruction_valuation: 'Destruction valuation',
  };
}

/** A few of a collector's assets as thumbnails, each linking to its page; an asset without an image shows its name. */
function AssetThumbs({ label, assets }: { label: string; assets: XcpCollectorAsset[] }) {
  const site = useSite();
  if (assets.length === 0) return null;
  return (
    <ul className="collector__thumbs" aria-label={label}>
      {assets.slice(0, ASSETS_SHOWN).map((asset) => (
        <li key={asset.cpid}>
          <Link className="collector__thumb-link" to={site.stampHref(asset.cpid)}>
            <CollectorThumb cpid={asset.cpid} url={asset.url} alt={`${site.stampWord} ${asset.cpid}`} nameTile />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function XcpCollectorCard({ collector, sort }: { collector: XcpCollector; sort: XcpLeaderboardSort }) {
  const site = useSite();
  const name = collector.display_name ?? shortenAddress(collector.user_id, 5);
  const destruction = isXcpDestructionSort(sort);
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
        {destruction ? (
          <AssetThumbs label={`${site.stampsWord} destroyed`} assets={collector.destroyed_stamps} />
        ) : (
          <AssetThumbs label={`${site.stampsWord} held`} assets={collector.stamps} />
        )}
      </div>
      <dl className="collector__facts">
        <div>
          <dt>{site.stampsWord}</dt>
          <dd>{formatInteger(collector.xcp_count)}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatInteger(collector.xcp_created_count)}</dd>
        </div>
        <div>
          <dt>Destroyed</dt>
          <dd>{formatInteger(collector.xcp_destroyed_count)}</dd>
        </div>
        <div>
          <dt>Floor valuation</dt>
          <dd>{formatBtc(collector.floor_valuation)}</dd>
        </div>
        <div>
          <dt>Last sale valuation</dt>
          <dd>{formatBtc(collector.last_sale_valuation)}</dd>
        </div>
        {destruction && (
          <div>
            <dt>Destruction valuation</dt>
            <dd>{formatBtc(collector.destruction_valuation)}</dd>
          </div>
        )}
      </dl>
    </li>
  );
}

/**
 * The XCP site's ranking (`GET /api/xcp/leaderboard`): holders of Counterparty assets, sorted by assets held (the
 * default), created or destroyed, or by the Stamps site's valuations (the destruction sorts' title strikes 'best' and
 * adds 'wtf?'), 20 per page with ?page=N. Each card shows the valuations in BTC and a few assets held (destroyed,
 * under a destruction sort) as thumbnails.
 */
export function XcpLeaderboard() {
  const site = useSite();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseXcpLeaderboard(searchParams);
  const sort = activeXcpLeaderboardSort(state);
  const titleId = useId();
  const { data, error, isLoading, isFetching, isError } = useGetXcpLeaderboardQuery(toXcpLeaderboardArgs(state));

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
              <XcpCollectorCard key={collector.user_id} collector={collector} sort={sort} />
            ))}
          </ol>
        )}
        <Pagination page={state.page} count={pages} label="Pages (bottom)" />
      </div>
    );
  }

  return (
    <div className="leaderboard">
      <LeaderboardTitle destruction={isXcpDestructionSort(sort)} id={titleId} />
      <SortButtons
        className="leaderboard__sorts"
        fields={XCP_LEADERBOARD_SORTS}
        labels={sortLabels(site.stampsWord)}
        active={sort}
        onChoose={(field) => {
          setSearchParams(xcpLeaderboardParams(chooseXcpLeaderboardSort(field)));
        }}
      />
      {body}
    </div>
  );
}
