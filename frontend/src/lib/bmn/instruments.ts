/** How the player voices an instrument number: a Tone.js synth kind and, for the plain synth, its waveform. */
export type BmnVoice =
  { kind: 'synth'; oscillator: 'sine' | 'triangle' | 'square' | 'sawtooth' } | { kind: 'fm' | 'am' | 'pluck' | 'duo' };

/** One BMN instrument: its name on the page and its voice. */
export type BmnInstrument = { name: string; voice: BmnVoice };

/** The eight instruments of a BMN file (its instrument byte, 0 to 7), each a distinct timbre. */
export const BMN_INSTRUMENTS: readonly BmnInstrument[] = [
  { name: 'sine synth', voice: { kind: 'synth', oscillator: 'sine' } },
  { name: 'triangle synth', voice: { kind: 'synth', oscillator: 'triangle' } },
  { name: 'square synth', voice: { kind: 'synth', oscillator: 'square' } },
  { name: 'sawtooth synth', voice: { kind: 'synth', oscillator: 'sawtooth' } },
  { name: 'FM synth', voice: { kind: 'fm' } },
  { name: 'AM synth', voice: { kind: 'am' } },
  { name: 'plucked string', voice: { kind: 'pluck' } },
  { name: 'duo synth', voice: { kind: 'duo' } },
];

/** The instrument of a number; numbers past 7 (refused by the parser) fall back to the first. */
export function bmnInstrument(instrument: number): BmnInstrument {
  return BMN_INSTRUMENTS[instrument] ?? (BMN_INSTRUMENTS[0] as BmnInstrument);
}
