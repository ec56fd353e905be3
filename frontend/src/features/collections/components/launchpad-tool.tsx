import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { FallbackImage } from '@/components/ui/fallback-image';
import { usePrefersReducedMotion } from '@/lib/use-reduced-motion';
import { useSite } from '@/lib/site-variant';
import { useNow } from '@/lib/use-now';
import { formatBlockTime, formatInteger } from '@/utils/format';
import { formatBtc } from '@/utils/money';
import { useGetLaunchpadQuery, useGetMintPreviewQuery } from '../api';
import {
  freeMintText,
  mintTimer,
  PREVIEW_FRAME_MS,
  readRange,
  readWhitelist,
  whitelistItemHref,
  whitelistPhase,
  type WhitelistItem,
  type WhitelistRound,
} from '../launchpad-rules';
import type { MintPreviewSample } from '../launchpad-types';
import type { Collection } from '../types';
import { LaunchpadMintButton } from './launchpad-mint-button';
import { MintTerms } from './launchpad-terms';
import { LaunchpadStats } from './launchpad-stats';

/** The countdown to the public mint's phases, and the free-mint window while it lasts. */
function MintCountdown({ collection }: { collection: Collection }) {
  const now = useNow(1000);
  const publicMint = readRange(collection.public_mint);
  if (!publicMint) return null;
  const timer = mintTimer(publicMint, now);
  const free = freeMintText(readRange(collection.free_mint), now);
  return (
    <div className={`launchpad__timer launchpad__timer--${timer.phase}`}>
      <p className="launchpad__timer-label">{timer.label}</p>
      <p className="launchpad__timer-time" role="timer">
        {timer.time}
      </p>
      <p className="launchpad__phase">
        {timer.phase === 'closed' ? (
          timer.line
        ) : (
          <>
            <span className="launchpad__phase-name">Public mint:</span> {timer.line}
          </>
        )}
      </p>
      {free && <p className="launchpad__free">{free}</p>}
    </div>
  );
}

/** A layered launchpad's preview: the combinations it may mint, 4 a second; paused for reduced motion. */
function MintPreview({ samples }: { samples: MintPreviewSample[] }) {
  const reducedMotion = usePrefersReducedMotion();
  const [paused, setPaused] = useState<boolean | null>(null);
  const [index, setIndex] = useState(0);
  const running = !(paused ?? reducedMotion) && samples.length > 1;
  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setInterval(() => {
      setIndex((current) => (current + 1) % samples.length);
    }, PREVIEW_FRAME_MS);
    return () => {
      window.clearInterval(timer);
    };
  }, [running, samples.length]);
  const sample = samples[index % samples.length];
  if (!sample) return null;
  return (
    <figure className="launchpad__preview">
      <img
        className="stamp-image launchpad__preview-image"
        src={`data:image/png;base64,${sample.b64}`}
        alt="A mint this launchpad may draw"
        width={240}
        height={240}
      />
      <figcaption className="launchpad__preview-caption">
        Preview · {formatInteger(samples.length)} combinations
        {samples.length > 1 && (
          <button
            type="button"
            className="sort-button"
            aria-pressed={!running}
            onClick={() => {
              setPaused(running);
            }}
          >
            {running ? 'Pause' : 'Play'}
          </button>
        )}
      </figcaption>
    </figure>
  );
}

const WHITELIST_KIND: Record<WhitelistItem['type'], string> = {
  stamp: 'Stamp',
  collection: 'Collection',
  token: 'SRC-20',
};
const ROUND_STATE = { upcoming: 'Upcoming', open: 'Open', closed: 'Closed' } as const;

/** A whitelist item as a card linking by its type: a stamp (with its image), a collection or an SRC-20 tick. */
function WhitelistItemCard({ item, stampHref }: { item: WhitelistItem; stampHref: (cpid: string) => string }) {
  return (
    <li className="whitelist-item">
      <Link className="whitelist-item__link" to={whitelistItemHref(item, stampHref)}>
        {item.type === 'stamp' && (
          <FallbackImage
            sources={[`/s/${encodeURIComponent(item.id)}`]}
            alt=""
            className="whitelist-item__image"
            placeholderClassName="whitelist-item__image whitelist-item__image--none"
            placeholder=""
          />
        )}
        <span className="whitelist-item__kind">{WHITELIST_KIND[item.type]}</span>
        <span className="whitelist-item__id break">{item.id}</span>
        {item.quantity > 1 && <span className="whitelist-item__quantity">×{formatInteger(item.quantity)}</span>}
      </Link>
    </li>
  );
}

/** One whitelist round: its window and state, fee and limits, and the groups of items whose holders qualify. */
function WhitelistRoundBlock({ round, index, now }: { round: WhitelistRound; index: number; now: number }) {
  const site = useSite();
  const [start, end] = round.timeRange;
  return (
    <li className="whitelist-round">
      <p className="whitelist-round__head">
        <span className="whitelist-round__name">Round {index + 1}</span>{' '}
        <span className={`badge whitelist-round__state whitelist-round__state--${whitelistPhase(round, now)}`}>
          {ROUND_STATE[whitelistPhase(round, now)]}
        </span>
      </p>
      <p className="whitelist-round__time">
        {formatBlockTime(Math.floor(start / 1000))} – {formatBlockTime(Math.floor(end / 1000))}
      </p>
      <dl className="launchpad__terms">
        <div>
          <dt>Price</dt>
          <dd>{round.fee === 0 ? 'Free' : formatBtc(round.fee)}</dd>
        </div>
        <div>
          <dt>Limit</dt>
          <dd>{formatInteger(round.limit)}</dd>
        </div>
        <div>
          <dt>Per item held</dt>
          <dd>{formatInteger(round.limitPerHold)}</dd>
        </div>
      </dl>
      <p className="whitelist-round__rule">
        {round.groups.length > 1 ? 'Holders of every item of one of these groups:' : 'Holders of:'}
      </p>
      {round.groups.map((group, groupIndex) => (
        <ul
          key={groupIndex}
          className="whitelist-group"
          aria-label={`Round ${String(index + 1)}, group ${String(groupIndex + 1)}`}
        >
          {group.map((item) => (
            <WhitelistItemCard key={`${item.type}:${item.id}`} item={item} stampHref={site.stampHref} />
          ))}
        </ul>
      ))}
    </li>
  );
}

/** The launchpad's whitelist rounds (`white_list_config`); nothing when it has none. */
function WhitelistRounds({ config }: { config: unknown }) {
  const now = useNow(1000);
  const rounds = useMemo(() => readWhitelist(config), [config]);
  if (rounds.length === 0) return null;
  return (
    <section className="panel launchpad__whitelist" aria-labelledby="launchpad-whitelist-title">
      <h2 id="launchpad-whitelist-title" className="panel__title">
        Whitelist
      </h2>
      <ol className="whitelist-rounds">
        {rounds.map((round, index) => (
          <WhitelistRoundBlock key={index} round={round} index={index} now={now} />
        ))}
      </ol>
    </section>
  );
}

/**
 * The generic launchpad tool of a launchpad collection's page (spec: 'Launchpad mint page'): the preview of what a
 * layered launchpad may mint (not for SRC-721 ones, whose layers the API does not draw), the countdown and the
 * terms and the mint button (the mint dialog holds the whitelist check), its whitelist rounds (each item linking by
 * its type), then the launchpad's stats. The goose launchpad has a tool of its own (`GooseTool`).
 */
export function LaunchpadTool({ collection }: { collection: Collection }) {
  const id = collection.collection_id;
  const launchpad = useGetLaunchpadQuery(id);
  const preview = useGetMintPreviewQuery(id, { skip: collection.type === 'src721' });
  // Shown once both calls have answered (a 404 is an answer: no stats, or no preview), in one piece.
  if (launchpad.isLoading || preview.isLoading) return null;
  const info = launchpad.data;
  const samples = preview.data ?? [];
  const minted = info?.history[info.history.length - 1]?.[1] ?? collection.stamp_count;
  return (
    <div className="launchpad">
      <section className="panel launchpad__mint" aria-labelledby="launchpad-mint-title">
        <h2 id="launchpad-mint-title" className="panel__title">
          Mint
        </h2>
        <div className="launchpad__mint-body">
          {samples.length > 0 && <MintPreview samples={samples} />}
          <div className="launchpad__mint-side">
            <MintCountdown collection={collection} />
            <MintTerms collection={collection} minted={minted} />
            <LaunchpadMintButton collection={collection} ready={collection.type === 'src721' || samples.length > 0} />
          </div>
        </div>
      </section>
      <WhitelistRounds config={collection.white_list_config} />
      {info && <LaunchpadStats info={info} />}
    </div>
  );
}
