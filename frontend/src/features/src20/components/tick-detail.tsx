import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { hasChartPoints } from '@/components/charts/chart-rules';
import { ProgressBar } from '@/components/ui/progress-bar';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { openMint, useMintDispatch, type Src20MintTerms } from '@/lib/mint-request';
import { useSite } from '@/lib/site-variant';
import {
  abbreviateDecimal,
  formatBlockTime,
  formatDecimal,
  formatInteger,
  shortenAddress,
  stampLabel,
} from '@/utils/format';
import { PAGE_PARAM, parsePage } from '@/utils/pagination';
import { useGetSrc20TickQuery } from '../api';
import type { Src20Holder, Src20Item } from '../types';
import { HoldersPie } from './holders-pie';
import { MintHistoryChart } from './mint-history-chart';
import { TickActivity } from './tick-activity';

/** The page's text for a tick nobody deployed. */
export const TICK_NOT_FOUND = 'SRC-20 tick not found';

/** Whether a progress percent string is complete ("100", "100.00"). */
export function isMintedOut(progress: string | null | undefined): boolean {
  return progress !== null && progress !== undefined && Number(progress) >= 100;
}

function Stat({ term, value }: { term: string; value: string | null | undefined }) {
  return (
    <div className="tick-stats__item">
      <dt>{term}</dt>
      <dd title={value ? formatDecimal(value) : undefined}>{value ? abbreviateDecimal(value) : '—'}</dd>
    </div>
  );
}

/** A deploy's figures as its mint needs them. */
export function src20MintTerms(deploy: Src20Item): Src20MintTerms {
  return {
    tick: deploy.tick,
    limit: deploy.limit ?? null,
    max: deploy.max ?? null,
    decimals: deploy.decimals ?? null,
    progress: deploy.progress ?? null,
    royalties: typeof deploy.royalties === 'number' ? deploy.royalties : null,
  };
}

function DeployFigures({ deploy }: { deploy: Src20Item }) {
  const dispatch = useMintDispatch();
  const count = (value: number | null | undefined) => (value === null || value === undefined ? null : String(value));
  return (
    <section className="panel tick-panel" aria-labelledby="tick-figures">
      <h2 id="tick-figures" className="panel__title">
        Supply
      </h2>
      <dl className="tick-stats">
        <Stat term="Max" value={deploy.max} />
        <Stat term="Per mint" value={deploy.limit} />
        <Stat term="Minted" value={deploy.minted} />
        <Stat term="Mints" value={count(deploy.mintedCount)} />
        <Stat term="Minters" value={count(deploy.mintersCount)} />
        <Stat term="Holders" value={count(deploy.holdersCount)} />
      </dl>
      <div className="tick-progress">
        {deploy.progress && <ProgressBar value={deploy.progress} label={`${deploy.tick} minted`} />}
        {isMintedOut(deploy.progress) ? (
          <p className="badge badge--done">Minted out</p>
        ) : (
          <button
            type="button"
            className="button tick-progress__mint"
            aria-haspopup="dialog"
            onClick={() => {
              dispatch(openMint({ action: 'mint-src20', src20: src20MintTerms(deploy) }));
            }}
          >
            Mint Now
          </button>
        )}
      </div>
    </section>
  );
}

function Holders({ holders, tick }: { holders: Src20Holder[]; tick: string }) {
  return (
    <section className="panel tick-panel" aria-labelledby="tick-holders">
      <h2 id="tick-holders" className="panel__title">
        Holders
      </h2>
      {holders.length === 0 ? (
        <p className="empty">NO RESULTS</p>
      ) : (
        <div className="tick-panel__body">
          <HoldersPie holders={holders} tick={tick} />
        </div>
      )}
    </section>
  );
}

/**
 * A tick's page: its supply figures and progress ('Mint Now' below 100%, opening the SRC-20 mint; 'Minted out' when
 * complete), top holders, mint history and activity. A tick spelled otherwise than its canonical
 * spelling is replaced by the canonical URL.
 */
export function TickDetail({ tick }: { tick: string }) {
  const site = useSite();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const page = parsePage(searchParams.get(PAGE_PARAM));
  // currentData, not data: never show the previous tick while the next one loads.
  const { currentData: data, error, isFetching } = useGetSrc20TickQuery(tick);
  const canonical = data?.tick;

  useEffect(() => {
    if (canonical !== undefined && canonical !== tick) {
      void navigate({ pathname: paths.src20Tick.getHref(canonical), search: location.search }, { replace: true });
    }
  }, [canonical, tick, navigate, location.search]);

  if (!data && isFetching) return <Loading />;
  if (!data) {
    const status = errorStatus(error);
    if (status === 404) {
      return (
        <div className="empty">
          <p>{TICK_NOT_FOUND}</p>
          <Link className="text-link" to={paths.src20Search.getHref()}>
            Back to the SRC-20 finder
          </Link>
        </div>
      );
    }
    return <ErrorNotice message={(status === 400 && errorMessage(error)) || GENERIC_ERROR} />;
  }
  if (data.tick !== tick) return <Loading />;

  const { deploy } = data;
  return (
    <article className="tick">
      <header className="tick__head">
        <h1 className="tick__title break">{data.tick}</h1>
        {deploy && (
          <p className="tick__meta">
            Deployed in block {formatInteger(deploy.blockIndex)} ({formatBlockTime(deploy.timestamp)}) by{' '}
            <span className="mono" title={deploy.creator}>
              {shortenAddress(deploy.creator)}
            </span>
            {deploy.stamp !== null && deploy.cpid && (
              <>
                {' '}
                in stamp{' '}
                <Link className="text-link" to={site.stampHref(deploy.cpid)}>
                  {stampLabel(deploy.stamp)}
                </Link>
              </>
            )}
          </p>
        )}
      </header>
      <div className="tick__grid">
        {deploy ? <DeployFigures deploy={deploy} /> : <p className="empty">No valid deploy</p>}
        <Holders holders={data.holders} tick={data.tick} />
      </div>
      {hasChartPoints(data.mintHistory.length) && (
        <section className="panel tick-panel" aria-label="Mint history">
          <div className="tick-panel__body">
            <MintHistoryChart points={data.mintHistory} tick={data.tick} />
          </div>
        </section>
      )}
      <section className="tick-activity" aria-labelledby="tick-activity">
        <h2 id="tick-activity" className="section-head__title">
          Activity
        </h2>
        <TickActivity tick={data.tick} page={page} />
      </section>
    </article>
  );
}
