import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/config/paths';
import { abbreviateDecimal, formatDecimal, formatInteger, shortenAddress, stampLabel } from '@/utils/format';
import type { Src20Item } from '../types';
import { InvalidIcon } from './invalid-icon';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="src20-card__fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function count(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : formatInteger(value);
}

/** An SRC-20 operation in the finder: tick (linking to its page), op, amount, figures of a deploy, stamp number. */
export function Src20Card({ item }: { item: Src20Item }) {
  const deployFigures = item.op === 'DEPLOY' && item.progress !== null && item.progress !== undefined;
  const amount = item.op === 'DEPLOY' ? item.max : item.amount;
  return (
    <li className={item.isInvalid ? 'src20-card src20-card--invalid' : 'src20-card'}>
      <div className="src20-card__head">
        <Link className="src20-card__tick break" to={paths.src20Tick.getHref(item.tick)}>
          {item.tick}
        </Link>
        <span className="badge badge--op">{item.op}</span>
        {item.isInvalid && (
          <span className="badge badge--invalid">
            <InvalidIcon /> Invalid
          </span>
        )}
      </div>
      <dl className="src20-card__facts">
        <Fact term={item.op === 'DEPLOY' ? 'Max' : 'Amount'}>
          {amount ? <span title={formatDecimal(amount)}>{abbreviateDecimal(amount)}</span> : '—'}
        </Fact>
        <Fact term="Stamp">{item.stamp === null ? '—' : stampLabel(item.stamp)}</Fact>
        {deployFigures && (
          <>
            <Fact term="Holders">{count(item.holdersCount)}</Fact>
            <Fact term="Mints">{count(item.mintedCount)}</Fact>
            <Fact term="Minters">{count(item.mintersCount)}</Fact>
          </>
        )}
        <Fact term="From">
          <span className="mono" title={item.creator}>
            {shortenAddress(item.creator, 4)}
          </span>
        </Fact>
      </dl>
      {deployFigures && item.progress && <ProgressBar value={item.progress} label={`${item.tick} minted`} />}
    </li>
  );
}
