import { useCallback, useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { FallbackImage } from '@/components/ui/fallback-image';
import { useBodyScrollLock } from '@/lib/use-body-scroll-lock';
import {
  clampSlideshow,
  CONTROLS_IDLE_MS,
  cycleSeconds,
  MAX_PER_ROW,
  MAX_SPEED,
  maxMode,
  MIN_PER_ROW,
  MIN_SPEED,
  SLIDESHOW_LABELS,
  SLIDESHOW_TYPES,
  type SlideshowSettings,
  type SlideshowType,
} from './slideshow-params';

/** One image of the slideshow. */
export type SlideshowImage = { key: string; url: string; alt: string };

type SlideshowProps = {
  settings: SlideshowSettings;
  images: SlideshowImage[];
  /** A new value for the `slideshow` parameter; null closes the slideshow. */
  onChange: (settings: SlideshowSettings | null) => void;
};

/** Shows the controls on activity and hides them after 2.5 s idle. */
function useIdleControls(): { visible: boolean; wake: () => void } {
  const [visible, setVisible] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const wake = useCallback(() => {
    setVisible(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setVisible(false);
    }, CONTROLS_IDLE_MS);
  }, []);
  useEffect(() => {
    timer.current = setTimeout(() => {
      setVisible(false);
    }, CONTROLS_IDLE_MS);
    return () => {
      clearTimeout(timer.current);
    };
  }, []);
  return { visible, wake };
}

function NumberControl({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div className="slideshow__control">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={value}
        onChange={(event) => {
          const next = Number(event.target.value);
          if (Number.isFinite(next)) onChange(Math.min(max, Math.max(min, Math.round(next))));
        }}
      />
    </div>
  );
}

/**
 * The fullscreen slideshow overlay: a close X, a fullscreen toggle, and controls that appear on mouse move and hide
 * after 2.5 s idle (type, Speed 1-5, Image per row, Mode 0-1 for scroll and 0-3 otherwise). Every change goes to the
 * URL through `onChange`. Scroll speed and rotate timing scale with the speed.
 */
export function Slideshow({ settings, images, onChange }: SlideshowProps) {
  const overlayRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const typeId = useId();
  const { visible, wake } = useIdleControls();
  const [fullscreen, setFullscreen] = useState(false);
  useBodyScrollLock(true);

  const update = (patch: Partial<SlideshowSettings>) => {
    onChange(clampSlideshow({ ...settings, ...patch }));
  };

  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onChange(null);
    };
    const onFullscreen = () => {
      setFullscreen(document.fullscreenElement === overlayRef.current);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('fullscreenchange', onFullscreen);
    };
  }, [onChange]);

  const toggleFullscreen = () => {
    const element = overlayRef.current;
    if (!element) return;
    if (document.fullscreenElement) {
      void document.exitFullscreen().catch(() => undefined);
    } else if (typeof element.requestFullscreen === 'function') {
      void element.requestFullscreen().catch(() => undefined);
    }
  };

  // Two copies make the scroll seamless.
  const loop = settings.type === 'scroll' ? [...images, ...images] : images;
  const style = {
    '--slideshow-cycle': `${String(cycleSeconds(settings))}s`,
    '--slideshow-per-row': String(settings.perRow),
  } as CSSProperties;

  return (
    <div
      ref={overlayRef}
      className={`slideshow slideshow--${settings.type} slideshow--mode-${String(settings.mode)}`}
      role="dialog"
      aria-modal="true"
      aria-label="Slideshow"
      style={style}
      onMouseMove={wake}
      onKeyDown={wake}
      onFocus={wake}
    >
      <div className="slideshow__stage">
        <ul className="slideshow__track">
          {loop.map((image, index) => (
            <li key={`${image.key}-${String(index)}`} className="slideshow__item" aria-hidden={index >= images.length}>
              <FallbackImage sources={[image.url]} alt={image.alt} className="slideshow__image" />
            </li>
          ))}
        </ul>
      </div>
      <div className="slideshow__bar" hidden={!visible} data-testid="slideshow-controls">
        <div className="slideshow__control">
          <label htmlFor={typeId}>Type</label>
          <select
            id={typeId}
            value={settings.type}
            onChange={(event) => {
              const type = SLIDESHOW_TYPES.find((candidate) => candidate === event.target.value);
              if (type) onChange(clampSlideshow({ ...settings, type }));
            }}
          >
            {SLIDESHOW_TYPES.map((type) => (
              <option key={type} value={type}>
                {SLIDESHOW_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <NumberControl
          label="Speed"
          value={settings.speed}
          min={MIN_SPEED}
          max={MAX_SPEED}
          onChange={(speed) => {
            update({ speed });
          }}
        />
        <NumberControl
          label="Image per row"
          value={settings.perRow}
          min={MIN_PER_ROW}
          max={MAX_PER_ROW}
          onChange={(perRow) => {
            update({ perRow });
          }}
        />
        <NumberControl
          label="Mode"
          value={settings.mode}
          min={0}
          max={maxMode(settings.type)}
          onChange={(mode) => {
            update({ mode });
          }}
        />
        <button type="button" className="sort-button" aria-pressed={fullscreen} onClick={toggleFullscreen}>
          {fullscreen ? 'Exit fullscreen' : 'Fullscreen'}
        </button>
      </div>
      <button
        ref={closeRef}
        type="button"
        className="slideshow__close"
        aria-label="Close slideshow"
        onClick={() => {
          onChange(null);
        }}
      >
        ×
      </button>
    </div>
  );
}

/** The slideshow selector of the Stamps tab: Scroll, Rotate 3D, Parallax, each at the defaults. */
export function SlideshowSelector({ onSelect }: { onSelect: (type: SlideshowType) => void }) {
  const id = useId();
  return (
    <div className="filter-group" role="group" aria-labelledby={id}>
      <span id={id} className="filter-group__legend">
        Slideshow
      </span>
      {SLIDESHOW_TYPES.map((type) => (
        <button
          key={type}
          type="button"
          className="sort-button"
          onClick={() => {
            onSelect(type);
          }}
        >
          {SLIDESHOW_LABELS[type]}
        </button>
      ))}
    </div>
  );
}
