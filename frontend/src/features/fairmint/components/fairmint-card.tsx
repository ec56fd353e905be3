import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FallbackImage } from '@/components/ui/fallback-image';
import { paths } from '@/config/paths';
import { openMint, useMintDispatch } from '@/lib/mint-request';
import { useSite } from '@/lib/site-variant';
import { abbreviateDecimal, formatDecimal, formatInteger, formatPercent, shortenAddress } from '@/utils/format';
import { fairmintFigures, fairmintTerms, showsLastMint, timeAgo } from '../card';
import type { FairminterCard } from '../types';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="fairmint-card__fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Amount({ value, none = '—' }: { value: string | null; none?: string }) {
  if (value === null) return <>{none}</>;
  return <span title={formatDecimal(value)}>{abbreviateDecimal(value)}</span>;
}

/** The progress bar: the issued share of the hard cap, its preminted part drawn apart. */
type FairmintProgressProps = { progress: string; premintPercent: string | null; label: string };

export function FairmintProgress({ progress, premintPercent, label }: FairmintProgressProps) {
  const width = (value: string | null) => {
    const percent = Number(value);
    return Number.isFinite(percent) ? Math.min(100, Math.max(0, percent)) : 0;
  };
  const total = width(progress);
  const premint = Math.min(total, width(premintPercent));
  return (
    <div className="progress fairmint-progress">
      <div
        className="progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={total}
        aria-valuetext={
          premintPercent && premint > 0
            ? `${formatPercent(progress)}, premint ${formatPercent(premintPercent)}`
            : formatPercent(progress)
        }
      >
        <div className="progress__fill" style={{ width: `${String(total)}%` }} />
        {premint > 0 && <div className="fairmint-progress__premint" style={{ width: `${String(premint)}%` }} />}
      </div>
      <span className="progress__text">{formatPercent(progress)}</span>
    </div>
  );
}

/**
 * A fairminter: image (a text tile when it has none or it fails to load), asset (linking to its page), status,
 * creator, progress with the preminted part, and the figures (max, per mint, premint, issued, mints, minters,
 * holders, last mint within 10 days), and a Mint button, enabled only while the fairminter is open, opening the
 * fairmint (the dialog when signed in with a wallet that signs, else the sign-in panel first).
 */
export function FairmintCard({ card, nowSeconds }: { card: FairminterCard; nowSeconds: number }) {
  const site = useSite();
  const dispatch = useMintDispatch();
  const figures = fairmintFigures(card);
  const name = card.asset_longname ?? card.cpid;
  return (
    <li className="fairmint-card">
      <div className="fairmint-card__media">
        <FallbackImage
          sources={[card.image]}
          alt={`${site.stampWord} ${card.cpid}`}
          fallback={
            <div className="stamp-image stamp-image--placeholder" aria-hidden="true">
              <span>{card.cpid.slice(0, 4)}</span>
            </div>
          }
        />
      </div>
      <div className="fairmint-card__body">
        <div className="fairmint-card__head">
          <Link className="fairmint-card__tick break" to={site.stampHref(card.cpid)}>
            {name}
          </Link>
          <span className={card.status === 'open' ? 'badge badge--op fairmint-card__status--open' : 'badge badge--op'}>
            {card.status}
          </span>
        </div>
        <p className="fairmint-card__creator">
          By{' '}
          <Link className="text-link mono" to={paths.profile.getHref(card.source)} title={card.source}>
            {shortenAddress(card.source, 5)}
          </Link>
        </p>
        {figures.max !== null && (
          <FairmintProgress progress={card.progress} premintPercent={figures.premintPercent} label={`${name} minted`} />
        )}
        <dl className="fairmint-card__facts">
          <Fact term="Max">
            <Amount value={figures.max} none="∞" />
          </Fact>
          <Fact term="Per mint">
            <Amount value={figures.perMint} none="∞" />
          </Fact>
          <Fact term="Premint">
            <Amount value={figures.premint} />
          </Fact>
          <Fact term="Issued">
            <Amount value={figures.total} />
          </Fact>
          <Fact term="Mints">{formatInteger(card.minted_count)}</Fact>
          <Fact term="Minters">{formatInteger(card.minters_count)}</Fact>
          <Fact term="Holders">{formatInteger(card.holders_count)}</Fact>
          {showsLastMint(card.last_mint, nowSeconds) && (
            <Fact term="Last mint">
              <time dateTime={new Date(card.last_mint * 1000).toISOString()}>
                {timeAgo(card.last_mint, nowSeconds)}
              </time>
            </Fact>
          )}
        </dl>
        <button
          type="button"
          className="button fairmint-card__mint"
          aria-haspopup="dialog"
          aria-label={`Mint ${name}`}
          disabled={card.status !== 'open'}
          onClick={() => {
            dispatch(openMint({ action: 'fairmint', fairminter: fairmintTerms(card) }));
          }}
        >
          Mint
        </button>
      </div>
    </li>
  );
}
