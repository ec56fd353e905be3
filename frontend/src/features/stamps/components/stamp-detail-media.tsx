import { useEffect, useRef, useState } from 'react';
import { BmnPlayer } from '@/components/bmn-player/bmn-player';
import { StampText } from '@/components/stamp/stamp-text';
import { FallbackImage } from '@/components/ui/fallback-image';
import { useBodyScrollLock } from '@/lib/use-body-scroll-lock';
import { htmlNeedsConfirmation, mediaKind } from '@/components/stamp-detail/detail-rules';
import type { StampDetailData } from '@/lib/stamp-detail';

/** The question an unverified HTML stamp asks before it runs. */
export const HTML_CONFIRM_TEXT =
  'This HTML stamp is not verified. Open it anyway? It runs sandboxed, without access to this site.';

/** The sandboxed frame of an HTML stamp: scripts run, but in an opaque origin (no allow-same-origin). */
function HtmlFrame({ url, title }: { url: string; title: string }) {
  return (
    <iframe className="stamp-frame" src={url} title={title} sandbox="allow-scripts" referrerPolicy="no-referrer" />
  );
}

/** An HTML stamp: at once when verified, else after the visitor confirms. */
function HtmlStamp({ stamp, alt }: { stamp: StampDetailData; alt: string }) {
  const [stage, setStage] = useState<'closed' | 'asking' | 'open'>(htmlNeedsConfirmation(stamp) ? 'closed' : 'open');
  if (stage === 'open') return <HtmlFrame url={stamp.stamp_url} title={alt} />;
  return (
    <div className="stamp-image stamp-image--placeholder stamp-html-gate">
      <span role="img" aria-label={alt}>
        HTML
      </span>
      {stage === 'closed' ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setStage('asking');
          }}
        >
          Open HTML
        </button>
      ) : (
        <div role="alertdialog" aria-label="Open unverified HTML" className="stamp-html-gate__ask">
          <p>{HTML_CONFIRM_TEXT}</p>
          <div className="stamp-html-gate__buttons">
            <button
              type="button"
              className="button"
              onClick={() => {
                setStage('open');
              }}
            >
              Open anyway
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setStage('closed');
              }}
            >
              Cancel
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/** A play / pause control for an audio stamp (the browser's own player). */
function AudioControl({ url, label }: { url: string; label: string }) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(
    () => () => {
      audio.current?.pause();
    },
    [],
  );

  const toggle = () => {
    if (!audio.current) {
      const element = new Audio(url);
      element.addEventListener('ended', () => {
        setPlaying(false);
      });
      element.addEventListener('error', () => {
        setPlaying(false);
        setFailed(true);
      });
      audio.current = element;
    }
    const element = audio.current;
    if (playing) {
      element.pause();
      setPlaying(false);
      return;
    }
    setFailed(false);
    setPlaying(true);
    try {
      const started = element.play() as Promise<void> | undefined;
      started?.catch(() => {
        setPlaying(false);
        setFailed(true);
      });
    } catch {
      setPlaying(false);
      setFailed(true);
    }
  };

  return (
    <div className="stamp-audio">
      <button type="button" className="button" aria-pressed={playing} onClick={toggle}>
        {playing ? `Pause ${label}` : `Play ${label}`}
      </button>
      {failed && (
        <p className="status status--error" role="alert">
          This file cannot be played here.
        </p>
      )}
    </div>
  );
}

/** The full view of the image: a modal overlay, closed by its button, a click outside or Escape. */
function FullView({ url, alt, onClose }: { url: string; alt: string; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useBodyScrollLock(true);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, [onClose]);
  return (
    <div className="full-view" role="dialog" aria-modal="true" aria-label="Full view" onClick={onClose}>
      <button ref={closeRef} type="button" className="full-view__close" aria-label="Close full view" onClick={onClose}>
        ×
      </button>
      <FallbackImage sources={[url]} alt={alt} className="full-view__image" loading="eager" />
    </div>
  );
}

/**
 * The detail page's media: the image (a click opens the full view), a sandboxed frame for HTML (after the
 * confirmation for unverified HTML), a BMN melody's player (its notes synthesized in the browser), a play control
 * for audio, a text stamp's text, or a placeholder.
 */
export function StampMedia({ stamp, alt }: { stamp: StampDetailData; alt: string }) {
  const [fullView, setFullView] = useState(false);
  const kind = mediaKind(stamp);

  if (kind === 'html') return <HtmlStamp key={stamp.cpid} stamp={stamp} alt={alt} />;
  if (kind === 'bmn' || kind === 'audio') {
    return (
      <div className="stamp-image stamp-image--placeholder stamp-html-gate">
        <span role="img" aria-label={alt}>
          {kind === 'bmn' ? 'BMN' : 'AUDIO'}
        </span>
        {kind === 'bmn' ? (
          <BmnPlayer key={stamp.cpid} url={stamp.stamp_url} />
        ) : (
          <AudioControl key={stamp.cpid} url={stamp.stamp_url} label="audio" />
        )}
      </div>
    );
  }
  if (kind === 'text') return <StampText key={stamp.cpid} url={stamp.stamp_url} label={`Text of ${alt}`} />;
  if (kind === 'other') {
    const subtype = (stamp.stamp_mimetype ?? '').split('/')[1]?.split(/[;+]/)[0]?.toUpperCase() ?? 'FILE';
    return (
      <div className="stamp-image stamp-image--placeholder" role="img" aria-label={alt}>
        <span>{subtype || 'FILE'}</span>
      </div>
    );
  }
  return (
    <>
      <button
        type="button"
        className="stamp-media__open"
        aria-label={`Open full view of ${alt}`}
        onClick={() => {
          setFullView(true);
        }}
      >
        <FallbackImage sources={[stamp.stamp_url]} alt={alt} loading="eager" />
      </button>
      {fullView && (
        <FullView
          url={stamp.stamp_url}
          alt={alt}
          onClose={() => {
            setFullView(false);
          }}
        />
      )}
    </>
  );
}
