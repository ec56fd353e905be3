import { useEffect, useState, type FocusEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { siteLink } from '@/lib/site-link';
import { usePrefersReducedMotion } from '@/lib/use-reduced-motion';
import { formatInteger } from '@/utils/format';
import { CAROUSEL_INTERVAL_MS, nextSlide, previousSlide, shouldAutoAdvance, slideLabel } from '../carousel';
import type { Banner } from '../types';

/** A banner's call to action: its curated link, or its collection's page when the link is unusable. */
function BannerLink({ banner }: { banner: Banner }) {
  const target =
    siteLink(banner.link) ??
    (banner.collection_id ? { kind: 'internal' as const, to: paths.collection.getHref(banner.collection_id) } : null);
  if (!target) return null;
  // The visible text starts the accessible name, which says what is viewed.
  const label = `View ${banner.name}`;
  return target.kind === 'internal' ? (
    <Link className="button banner-slide__cta" to={target.to} aria-label={label}>
      View
    </Link>
  ) : (
    <a
      className="button banner-slide__cta"
      href={target.href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
    >
      View
    </a>
  );
}

type SlideProps = { banner: Banner; label: string; active: boolean; first: boolean; stampsWord: string };

function BannerSlide({ banner, label, active, first, stampsWord }: SlideProps) {
  return (
    <div className="banner-slide" role="group" aria-roledescription="slide" aria-label={label} hidden={!active}>
      {banner.image && (
        <img
          className="banner-slide__image"
          src={banner.image}
          alt=""
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          decoding="async"
        />
      )}
      <div className="banner-slide__body">
        <p className="banner-slide__name">
          {banner.icon && <img className="banner-slide__icon" src={banner.icon} alt="" width={40} height={40} />}
          <span>{banner.name}</span>
        </p>
        {banner.description && <p className="banner-slide__text">{banner.description}</p>}
        <p className="banner-slide__facts">
          {formatInteger(banner.stamp_count)} {stampsWord.toLowerCase()} · {formatInteger(banner.collector_count)}{' '}
          collectors
        </p>
        <BannerLink banner={banner} />
      </div>
    </div>
  );
}

/**
 * The home page's top banners carousel (spec: advances every 5 s and pauses on hover). It also pauses while keyboard
 * focus is inside it and does not advance by itself when the user prefers reduced motion; prev/next buttons, one dot
 * per slide and a stop/start button. Follows the WAI-ARIA carousel pattern: a region with
 * aria-roledescription="carousel", slides labelled 'n of m', polite announcements only while not rotating.
 */
export function BannerCarousel({ banners, stampsWord }: { banners: Banner[]; stampsWord: string }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const count = banners.length;
  const current = count > 0 ? Math.min(index, count - 1) : 0;
  const rotating = shouldAutoAdvance({ count, paused: hovered || focused || stopped, reducedMotion });

  useEffect(() => {
    if (!rotating) return undefined;
    // Keyed on the current slide, so a manual move restarts the full period.
    const timer = window.setTimeout(() => {
      setIndex(nextSlide(current, count));
    }, CAROUSEL_INTERVAL_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [rotating, current, count]);

  if (count === 0) return null;

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label="Highlights"
      onMouseEnter={() => {
        setHovered(true);
      }}
      onMouseLeave={() => {
        setHovered(false);
      }}
      onFocus={() => {
        setFocused(true);
      }}
      onBlur={onBlur}
    >
      <div className="carousel__slides" aria-live={rotating ? 'off' : 'polite'} aria-atomic="false">
        {banners.map((banner, slide) => (
          <BannerSlide
            key={`${banner.collection_id}-${String(slide)}`}
            banner={banner}
            label={slideLabel(slide, count)}
            active={slide === current}
            first={slide === 0}
            stampsWord={stampsWord}
          />
        ))}
      </div>
      {count > 1 && (
        <div className="carousel__controls">
          {!reducedMotion && (
            <button
              type="button"
              className="carousel__button"
              aria-label={stopped ? 'Start slide rotation' : 'Stop slide rotation'}
              onClick={() => {
                setStopped((value) => !value);
              }}
            >
              <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
            </button>
          )}
          <button
            type="button"
            className="carousel__button"
            aria-label="Previous slide"
            onClick={() => {
              setIndex(previousSlide(current, count));
            }}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <div className="carousel__dots" role="group" aria-label="Choose a slide">
            {banners.map((banner, slide) => (
              <button
                key={`${banner.collection_id}-${String(slide)}`}
                type="button"
                className="carousel__dot"
                aria-label={`Slide ${slideLabel(slide, count)}: ${banner.name}`}
                aria-current={slide === current ? 'true' : undefined}
                onClick={() => {
                  setIndex(slide);
                }}
              />
            ))}
          </div>
          <button
            type="button"
            className="carousel__button"
            aria-label="Next slide"
            onClick={() => {
              setIndex(nextSlide(current, count));
            }}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  );
}
