import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSite } from '@/lib/site-variant';
import { abbreviateDecimal, stampLabel } from '@/utils/format';
import { abbreviateBtc } from '@/utils/market';
import { formatBtc } from '@/utils/money';
import { isUnlimitedSupply } from '@/utils/supply';
import { unitsToDecimal } from '@/utils/units';
import { usePendingAsset } from '@/lib/realtime';
import type { StampHit, StampListFields } from '@/lib/stamp';
import { BuyNowButton } from './buy-now-button';
import { StampImage } from './stamp-image';

/** A supply for a card: ∞ when unlimited, else whole units abbreviated with k, M or B (exact string arithmetic). */
export function cardSupply(supply: string, divisible: boolean): string {
  if (isUnlimitedSupply(supply, divisible)) return '∞';
  const whole = unitsToDecimal(supply, divisible);
  return whole === null ? supply : abbreviateDecimal(whole);
}

/** A figure of a card's details; `title` gives its exact value where the card abbreviates it. */
export type CardFact = { term: string; value: ReactNode; title?: string };
/** A flag of a card's details; `sale` marks the on-sale flag. */
export type CardFlag = { label: string; sale?: boolean };

/** A card's details: its figures and flags; shown on hover and focus, or always with the finder's 'Expand details'. */
export function CardDetails({ facts, flags }: { facts: CardFact[]; flags: CardFlag[] }) {
  return (
    <div className="stamp-card__details">
      <dl className="stamp-card__facts">
        {facts.map((fact) => (
          <div key={fact.term}>
            <dt>{fact.term}</dt>
            <dd title={fact.title}>{fact.value}</dd>
          </div>
        ))}
      </dl>
      {flags.length > 0 && (
        <ul className="stamp-card__flags" aria-label="Flags">
          {flags.map((flag) => (
            <li key={flag.label} className={flag.sale ? 'stamp-card__flag stamp-card__flag--sale' : 'stamp-card__flag'}>
              {flag.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The market figures a card shows (integer satoshis). */
export type CardMarketFigures = Pick<StampListFields, 'floor_price' | 'last_sale_price' | 'total_volume'>;

/** A card's market figures in BTC, abbreviated (exact in their title): floor, last sale and volume; none reads '-'. */
export function cardMarketFacts({ floor_price, last_sale_price, total_volume }: CardMarketFigures): CardFact[] {
  return [
    { term: 'Floor', value: abbreviateBtc(floor_price), title: formatBtc(floor_price) },
    { term: 'Last sale', value: abbreviateBtc(last_sale_price), title: formatBtc(last_sale_price) },
    { term: 'Volume', value: total_volume ? abbreviateBtc(total_volume) : '-', title: formatBtc(total_volume) },
  ];
}

/** The on-sale flag: a buyable dispenser's txid (or an atomic swap's `txid:vout`) puts it on a card. */
export const ON_SALE_FLAG: CardFlag = { label: 'On sale', sale: true };

/** The figures a list gives beyond the issuance. */
function StampDetails({ hit }: { hit: StampHit }) {
  const divisible = hit.divisible ?? false;
  const flags: CardFlag[] = [];
  if (hit.on_sale) flags.push(ON_SALE_FLAG);
  if (hit.locked) flags.push({ label: 'Locked' });
  if (hit.keyburn) flags.push({ label: 'Keyburn' });
  return (
    <CardDetails
      facts={[{ term: 'Supply', value: cardSupply(hit.supply, divisible) }, ...cardMarketFacts(hit)]}
      flags={flags}
    />
  );
}

type CardFrameProps = {
  /** The page the card opens. */
  href: string;
  /** Shows the details at all times (the finder's 'Expand details'); otherwise they show on hover and focus. */
  expanded: boolean;
  /** The picture, the number line and the name line (its full text in its title). */
  media: ReactNode;
  number: string;
  name: string;
  /** What follows the name: a description, the details. */
  children?: ReactNode;
  /** A transaction waiting for its block moves it: a 'Pending' badge by its number. */
  pending?: boolean;
  /** A control below the card's link ('Buy now'); a button cannot sit inside the link. */
  action?: ReactNode;
};

/** A card of the stamp grid: picture, number and name, linking to its page; shared by the stamp and asset cards. */
export function CardFrame({ href, expanded, media, number, name, children, action, pending }: CardFrameProps) {
  return (
    <li className={expanded ? 'stamp-card stamp-card--expanded' : 'stamp-card'}>
      <Link className="stamp-card__link" to={href}>
        <div className="stamp-card__media">{media}</div>
        <div className="stamp-card__body">
          <span className="stamp-card__number">
            {number}
            {pending && (
              <>
                {' '}
                <span className="badge" title="A transaction waiting for its block moves it">
                  Pending
                </span>
              </>
            )}
          </span>
          <span className="stamp-card__cpid" title={name}>
            {name}
          </span>
          {children}
        </div>
      </Link>
      {action}
    </li>
  );
}

type StampCardProps = {
  hit: StampHit;
  /** Shows the details at all times (the finder's 'Expand details'); otherwise they show on hover and focus. */
  expanded?: boolean;
  /** The image's loading: lazy unless the card is likely above the fold. */
  loading?: 'lazy' | 'eager';
};

/**
 * A stamp in a grid: image, number and cpid (or long name), linking to its detail page (/stamp/{cpid}, or
 * /asset/{cpid} on the XCP site); the market figures show on hover and focus, or always when `expanded`. A stamp on
 * sale (its list gives the buyable listing, `on_sale`) has 'Buy now' below.
 */
export function StampCard({ hit, expanded = false, loading = 'lazy' }: StampCardProps) {
  const site = useSite();
  // Lists that carry the market figures (the finder, profile lists) get the details block.
  const hasDetails = hit.total_volume !== undefined;
  const pending = usePendingAsset(hit.cpid);
  return (
    <CardFrame
      href={site.stampHref(hit.cpid)}
      expanded={expanded}
      pending={pending}
      media={
        <StampImage
          cpid={hit.cpid}
          stamp={hit.stamp}
          url={hit.stamp_url}
          mimetype={hit.stamp_mimetype}
          loading={loading}
        />
      }
      number={stampLabel(hit.stamp)}
      name={hit.asset_longname ?? hit.cpid}
      action={
        hit.on_sale ? (
          <BuyNowButton txHash={hit.on_sale} className="button button--ghost buy-now buy-now--card" />
        ) : undefined
      }
    >
      {hasDetails && <StampDetails hit={hit} />}
    </CardFrame>
  );
}
