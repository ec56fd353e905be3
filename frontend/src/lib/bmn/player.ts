import * as Tone from 'tone';
import { bmnInstrument, type BmnVoice } from './instruments';
import { eighthSeconds, type BmnMelody } from './parse';

/** A melody being played. */
export type BmnPlayback = {
  /** Stops at once (and releases the synth); `finished` then settles. */
  stop: () => void;
  /** Settles when the melody has played to its end or was stopped. */
  finished: Promise<void>;
  /** The state of the page's AudioContext (`running` while it plays). */
  contextState: () => AudioContextState;
};

/** Each note sounds for this share of its length, so repeated pitches are heard apart. */
const LEGATO = 0.9;
/** Lead time before the first note, so the first attack is not cut. */
const LEAD_SECONDS = 0.05;
/** Time left for the last note's release before the playback counts as finished. */
const TAIL_SECONDS = 0.5;

function createVoice(voice: BmnVoice): Tone.Synth | Tone.FMSynth | Tone.AMSynth | Tone.PluckSynth | Tone.DuoSynth {
  switch (voice.kind) {
    case 'synth':
      return new Tone.Synth({ oscillator: { type: voice.oscillator } });
    case 'fm':
      return new Tone.FMSynth();
    case 'am':
      return new Tone.AMSynth();
    case 'pluck':
      return new Tone.PluckSynth();
    case 'duo':
      return new Tone.DuoSynth();
  }
}

/**
 * Plays a BMN melody with WebAudio (Tone.js): starts the AudioContext (call it from a click), schedules every note
 * on one synth of the melody's instrument, and releases the synth at the end or on `stop`.
 */
export async function playBmn(melody: BmnMelody): Promise<BmnPlayback> {
  await Tone.start();
  const context = Tone.getContext();
  const synth = createVoice(bmnInstrument(melody.instrument).voice).toDestination();
  synth.volume.value = -8;
  const eighth = eighthSeconds(melody.tempo);
  let at = Tone.now() + LEAD_SECONDS;
  for (const note of melody.notes) {
    const frequency = Tone.Frequency(note.pitch, 'midi').toFrequency();
    synth.triggerAttackRelease(frequency, note.eighths * eighth * LEGATO, at);
    at += note.eighths * eighth;
  }

  let settle: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    settle = resolve;
  });
  let done = false;
  const stop = () => {
    if (done) return;
    done = true;
    window.clearTimeout(timer);
    synth.dispose();
    settle();
  };
  const timer = window.setTimeout(stop, (at - Tone.now() + TAIL_SECONDS) * 1000);
  return { stop, finished, contextState: () => context.state };
}
