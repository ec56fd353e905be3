import { useEffect, useRef, useState } from 'react';
import { bmnInstrument } from '@/lib/bmn/instruments';
import { parseBmn, type BmnMelody } from '@/lib/bmn/parse';
import type { BmnPlayback } from '@/lib/bmn/player';

/** What the player is doing; shown in `data-state`. */
export type BmnPlayerState = 'idle' | 'loading' | 'playing' | 'error';

/** Said when the file cannot be fetched. */
export const BMN_LOAD_ERROR = 'The melody could not be loaded.';
/** Said when the browser cannot play it (no WebAudio, or the audio context refused to start). */
export const BMN_AUDIO_ERROR = 'This browser could not play the melody.';

type Source = { url: string } | { bytes: Uint8Array };

async function loadMelody(source: Source): Promise<{ melody: BmnMelody } | { error: string }> {
  let bytes: Uint8Array;
  if ('bytes' in source) {
    bytes = source.bytes;
  } else {
    try {
      const response = await fetch(source.url);
      if (!response.ok) return { error: BMN_LOAD_ERROR };
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch {
      return { error: BMN_LOAD_ERROR };
    }
  }
  const parsed = parseBmn(bytes);
  return parsed.ok ? { melody: parsed.melody } : { error: parsed.error };
}

/**
 * Plays a BMN melody in the browser: the file (from `url`, fetched on the first Play, or given as `bytes`) is
 * decoded and its notes synthesized with WebAudio; the synthesizer (Tone.js) is loaded only when Play is pressed.
 * Play and Stop toggle. The element carries `data-state` (idle, loading, playing, error) and, once played,
 * `data-audio-context` (the AudioContext's state, `running` while it sounds).
 */
export function BmnPlayer({ label = 'melody', ...source }: Source & { label?: string }) {
  const [state, setState] = useState<BmnPlayerState>('idle');
  const [error, setError] = useState<string | null>(null);
  const [melody, setMelody] = useState<BmnMelody | null>(null);
  const [contextState, setContextState] = useState<string | null>(null);
  const playback = useRef<BmnPlayback | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      playback.current?.stop();
    };
  }, []);

  const play = async () => {
    setState('loading');
    setError(null);
    let current = melody;
    if (!current) {
      const loaded = await loadMelody(source);
      if (!mounted.current) return;
      if ('error' in loaded) {
        setError(loaded.error);
        setState('error');
        return;
      }
      current = loaded.melody;
      setMelody(current);
    }
    let started: BmnPlayback;
    try {
      const { playBmn } = await import('@/lib/bmn/player');
      started = await playBmn(current);
    } catch {
      if (!mounted.current) return;
      setError(BMN_AUDIO_ERROR);
      setState('error');
      return;
    }
    if (!mounted.current) {
      started.stop();
      return;
    }
    playback.current = started;
    setContextState(started.contextState());
    setState('playing');
    void started.finished.then(() => {
      if (playback.current !== started) return;
      playback.current = null;
      if (!mounted.current) return;
      setContextState(started.contextState());
      setState('idle');
    });
  };

  const stop = () => {
    const current = playback.current;
    playback.current = null;
    current?.stop();
    if (current) setContextState(current.contextState());
    setState('idle');
  };

  const playing = state === 'playing';
  return (
    <div className="bmn-player" data-state={state} data-audio-context={contextState ?? undefined}>
      <button
        type="button"
        className="button"
        aria-pressed={playing}
        disabled={state === 'loading'}
        onClick={() => {
          if (playing) stop();
          else void play();
        }}
      >
        {playing ? `Stop ${label}` : state === 'loading' ? 'Loading…' : `Play ${label}`}
      </button>
      {melody && (
        <p className="bmn-player__facts">
          {melody.notes.length} notes, {melody.tempo} BPM, {bmnInstrument(melody.instrument).name}
        </p>
      )}
      {error && (
        <p className="status status--error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
