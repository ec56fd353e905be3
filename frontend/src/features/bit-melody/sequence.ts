import type { BmnMelodyInput } from '@/lib/bmn/encode';
import { BMN_INSTRUMENT_COUNT } from '@/lib/bmn/parse';

/**
 * The Bit Melody tool's model: a monophonic piano roll of eighth-note steps whose rows are two octaves of a key, and
 * the BMN melody it stands for.
 *
 * A note is placed at a step with the chosen length and sounds from there; one note starts per step, and a note
 * that would overlap the next one is cut where it starts. BMN has no rests (a file is notes back to back), so an
 * empty stretch after a note holds that note until the next one starts, and the melody begins at its first note.
 */

/** The roll's columns: 32 eighth notes, four 4/4 bars. */
export const STEPS = 32;
/** Eighth notes per bar: the roll marks each bar. */
export const STEPS_PER_BAR = 8;

/** The twelve pitch classes' names, from C. */
export const NOTE_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;

/** The MIDI pitch of the lowest root, C3 (the devnet's BMN roots are C3 to B3 too). */
export const LOWEST_ROOT = 48;

/** A scale the rows follow. */
export type ScaleId = 'major-pentatonic' | 'minor-pentatonic' | 'major' | 'minor' | 'chromatic';

/** A scale: its name and its steps above the root within an octave. */
export type Scale = { id: ScaleId; name: string; intervals: readonly number[] };

/** The scales offered, the devnet's major pentatonic first. */
export const SCALES: readonly Scale[] = [
  { id: 'major-pentatonic', name: 'Major pentatonic', intervals: [0, 2, 4, 7, 9] },
  { id: 'minor-pentatonic', name: 'Minor pentatonic', intervals: [0, 3, 5, 7, 10] },
  { id: 'major', name: 'Major', intervals: [0, 2, 4, 5, 7, 9, 11] },
  { id: 'minor', name: 'Natural minor', intervals: [0, 2, 3, 5, 7, 8, 10] },
  { id: 'chromatic', name: 'Chromatic', intervals: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] },
];

/** The note lengths offered, in eighth notes, with their names. */
export const NOTE_LENGTHS: readonly { eighths: number; name: string }[] = [
  { eighths: 1, name: 'Eighth' },
  { eighths: 2, name: 'Quarter' },
  { eighths: 3, name: 'Dotted quarter' },
  { eighths: 4, name: 'Half' },
  { eighths: 6, name: 'Dotted half' },
  { eighths: 8, name: 'Whole' },
];

/** The tempo's range on the slider, in BPM (BMN allows 1 to 255). */
export const TEMPO_RANGE = { min: 40, max: 240 } as const;

/** A note on the roll: the step it starts at (0 to 31), its MIDI pitch and its length in eighth notes. */
export type SequenceNote = { step: number; pitch: number; eighths: number };

/** What the tool edits. */
export type Sequence = {
  /** The key's root: a pitch class, 0 (C) to 11 (B), in the lowest octave (C3 to B3). */
  root: number;
  scale: ScaleId;
  /** Beats per minute. */
  tempo: number;
  /** BMN instrument, 0 to 7. */
  instrument: number;
  /** The length a new note gets, in eighth notes. */
  length: number;
  /** The notes, by step; no two overlap. */
  notes: SequenceNote[];
};

/** What the tool starts with: an empty roll in C major pentatonic at 120 BPM, eighth notes, the first instrument. */
export const EMPTY_SEQUENCE: Sequence = {
  root: 0,
  scale: 'major-pentatonic',
  tempo: 120,
  instrument: 0,
  length: 1,
  notes: [],
};

/** A pitch's name with its octave (MIDI 60 is C4). */
export function pitchName(pitch: number): string {
  return `${NOTE_NAMES[pitch % 12] ?? ''}${String(Math.floor(pitch / 12) - 1)}`;
}

function scaleOf(id: ScaleId): Scale {
  return SCALES.find((scale) => scale.id === id) ?? (SCALES[0] as Scale);
}

/** The roll's rows, low to high: two octaves of the scale from the root, and the root two octaves up. */
export function rowPitches(root: number, scale: ScaleId): number[] {
  const base = LOWEST_ROOT + root;
  const { intervals } = scaleOf(scale);
  return [...intervals.map((i) => base + i), ...intervals.map((i) => base + 12 + i), base + 24];
}

function byStep(notes: SequenceNote[]): SequenceNote[] {
  return [...notes].sort((a, b) => a.step - b.step);
}

function covers(note: SequenceNote, step: number): boolean {
  return note.step <= step && step < note.step + note.eighths;
}

/**
 * A click on the cell of `pitch` at `step`: removes the note of that row covering the step, if any; else places a
 * note of `length` there (cut at the roll's end), removing the notes that start under it and cutting the one that
 * was still sounding.
 */
export function toggleCell(notes: SequenceNote[], step: number, pitch: number, length: number): SequenceNote[] {
  const hit = notes.find((note) => note.pitch === pitch && covers(note, step));
  if (hit) return notes.filter((note) => note !== hit);
  const eighths = Math.min(length, STEPS - step);
  const kept = notes
    .filter((note) => note.step < step || note.step >= step + eighths)
    .map((note) => (covers(note, step) ? { ...note, eighths: step - note.step } : note));
  return byStep([...kept, { step, pitch, eighths }]);
}

/** What a cell shows: a note's first step, the rest of its length, or its hold over the silence after it. */
export type CellKind = 'start' | 'body' | 'hold';

/** Each step's sounding note (its pitch and how the cell shows it), or null before the first note. */
export function stepCells(notes: SequenceNote[]): ({ pitch: number; kind: CellKind } | null)[] {
  const cells: ({ pitch: number; kind: CellKind } | null)[] = Array.from({ length: STEPS }, () => null);
  const sorted = byStep(notes);
  for (const [index, note] of sorted.entries()) {
    const next = sorted[index + 1];
    const end = next ? next.step : note.step + note.eighths;
    for (let step = note.step; step < end; step++) {
      cells[step] = { pitch: note.pitch, kind: step === note.step ? 'start' : covers(note, step) ? 'body' : 'hold' };
    }
  }
  return cells;
}

/**
 * The BMN melody the roll stands for: its notes in order, each lasting until the next one starts (its own length,
 * then the silence it holds over), the last one its own length.
 */
export function sequenceMelody(sequence: Sequence): BmnMelodyInput {
  const sorted = byStep(sequence.notes);
  return {
    tempo: sequence.tempo,
    instrument: sequence.instrument,
    notes: sorted.map((note, index) => {
      const next = sorted[index + 1];
      return { pitch: note.pitch, eighths: next ? next.step - note.step : note.eighths };
    }),
  };
}

/** The sequence in another key's root: the notes move with it, keeping their rows. */
export function withRoot(sequence: Sequence, root: number): Sequence {
  const shift = root - sequence.root;
  return { ...sequence, root, notes: sequence.notes.map((note) => ({ ...note, pitch: note.pitch + shift })) };
}

/** The sequence in another scale: each note moves to the nearest row of the new scale (the lower one on a tie). */
export function withScale(sequence: Sequence, scale: ScaleId): Sequence {
  const rows = rowPitches(sequence.root, scale);
  const nearest = (pitch: number) =>
    rows.reduce((best, row) => (Math.abs(row - pitch) < Math.abs(best - pitch) ? row : best));
  return { ...sequence, scale, notes: sequence.notes.map((note) => ({ ...note, pitch: nearest(note.pitch) })) };
}

function isInteger(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/**
 * A sequence read back from its JSON (as the tool keeps it), or null when the text is not one: every field must be
 * in range, every note on a row of the key, within the roll and clear of the others.
 */
export function readSequence(text: string | null): Sequence | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { root, scale, tempo, instrument, length, notes } = value as Record<string, unknown>;
  const scaleId = SCALES.find((entry) => entry.id === scale)?.id;
  if (
    !isInteger(root, 0, 11) ||
    scaleId === undefined ||
    !isInteger(tempo, TEMPO_RANGE.min, TEMPO_RANGE.max) ||
    !isInteger(instrument, 0, BMN_INSTRUMENT_COUNT - 1) ||
    !NOTE_LENGTHS.some((entry) => entry.eighths === length) ||
    !isInteger(length, 1, STEPS) ||
    !Array.isArray(notes)
  ) {
    return null;
  }
  const rows = rowPitches(root, scaleId);
  const read: SequenceNote[] = [];
  for (const note of notes as unknown[]) {
    if (typeof note !== 'object' || note === null) return null;
    const { step, pitch, eighths } = note as Record<string, unknown>;
    if (!isInteger(step, 0, STEPS - 1) || !isInteger(pitch, 0, 127) || !rows.includes(pitch)) return null;
    if (!isInteger(eighths, 1, STEPS - step)) return null;
    read.push({ step, pitch, eighths });
  }
  const sorted = byStep(read);
  if (sorted.some((note, index) => index > 0 && covers(sorted[index - 1] as SequenceNote, note.step))) return null;
  return { root, scale: scaleId, tempo, instrument, length, notes: sorted };
}
