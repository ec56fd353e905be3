import { useMemo } from 'react';
import { Link } from 'react-router';
import { LineChart } from '@/components/charts/line-chart';
import { paths } from '@/config/paths';
import { formatBlockTime, formatInteger, formatTimeTick, shortenAddress } from '@/utils/format';
import { MINTER_SHORTEN_AFTER } from '../launchpad-rules';
import type { LaunchpadInfo } from '../launchpad-types';

function historyTick(span: number) {
  return (seconds: number) => formatTimeTick(seconds, span);
}

/**
 * A launchpad's stats (`GET /api/launchpad/{id}`), in the generic tool and the goose tool: the mint history chart,
 * minters, first and last mint, top minters.
 */
export function LaunchpadStats({ info }: { info: LaunchpadInfo }) {
  const points = useMemo(() => info.history.map(([x, y]) => ({ x, y })), [info.history]);
  const formatX = useMemo(() => historyTick((points[points.length - 1]?.x ?? 0) - (points[0]?.x ?? 0)), [points]);
  const first = info.history[0];
  const last = info.history[info.history.length - 1];
  return (
    <section className="panel launchpad__stats" aria-labelledby="launchpad-stats-title">
      <h2 id="launchpad-stats-title" className="panel__title">
        Launchpad stats
      </h2>
      <div className="launchpad__stats-body">
        <LineChart
          title="Mint history"
          label="Minted"
          points={points}
          formatX={formatX}
          formatY={formatInteger}
          area
          summary={
            first && last
              ? `${formatInteger(first[1])} minted by ${formatBlockTime(first[0])}, ` +
                `${formatInteger(last[1])} by ${formatBlockTime(last[0])}`
              : ''
          }
        />
        <dl className="launchpad__figures">
          <div>
            <dt>Minters</dt>
            <dd>{formatInteger(info.totalMinters)}</dd>
          </div>
          <div>
            <dt>First mint</dt>
            <dd>{info.firstMintDate === null ? '-' : formatBlockTime(info.firstMintDate)}</dd>
          </div>
          <div>
            <dt>Last mint</dt>
            <dd>{info.lastMintDate === null ? '-' : formatBlockTime(info.lastMintDate)}</dd>
          </div>
        </dl>
        {info.topMinters.length > 0 && (
          <div className="table-scroll">
            <table className="activity">
              <caption className="launchpad__caption">Top minters</caption>
              <thead>
                <tr>
                  <th scope="col">Minter</th>
                  <th scope="col">Mints</th>
                </tr>
              </thead>
              <tbody>
                {info.topMinters.map((minter) => (
                  <tr key={minter.address}>
                    <td>
                      <Link
                        className="text-link mono"
                        to={paths.profile.getHref(minter.address)}
                        title={minter.address}
                      >
                        {minter.address.length > MINTER_SHORTEN_AFTER ? shortenAddress(minter.address) : minter.address}
                      </Link>
                    </td>
                    <td>{formatInteger(minter.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
