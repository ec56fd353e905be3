import { BMN_HEADER_LENGTH, BMN_INSTRUMENT_COUNT, BMN_VERSION, type BmnMelody, type BmnNote } from './parse';

/** What a BMN file holds besides its version: the tempo, the instrument and the notes. */
export type BmnMelodyInput = Pick<BmnMelody, 'tempo' | 'instrument'> & { notes: readonly BmnNote[] };

/** The limits of a file's fields: each is one byte, and the parser refuses a 0 tempo, count or length. */
export const BMN_LIMITS = {
  tempo: { min: 1, max: 255 },
  instrument: { min: 0, max: BMN_INSTRUMENT_COUNT - 1 },
  notes: { min: 1, max: 255 },
  pitch: { min: 0, max: 127 },
  eighths: { min: 1, max: 255 },
} as const;

function within(value: number, { min, max }: { min: number; max: number }): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

/** Why `melody` cannot be written as a BMN file (the first field out of its limits), or null when it can. */
export function bmnMelodyError(melody: BmnMelodyInput): string | null {
  const { tempo, instrument, notes, pitch, eighths } = BMN_LIMITS;
  if (!within(melody.tempo, tempo)) return `The tempo must be ${tempo.min} to ${tempo.max} BPM, not ${melody.tempo}.`;
  if (!within(melody.instrument, instrument)) {
    return `The instrument must be ${instrument.min} to ${instrument.max}, not ${melody.instrument}.`;
  }
  if (!within(melody.notes.length, notes)) {
    return `A melody has ${notes.min} to ${notes.max} notes, not ${melody.notes.length}.`;
  }
  for (const [index, note] of melody.notes.entries()) {
    if (!within(note.pitch, pitch)) {
      return `Note ${index + 1}: the pitch must be MIDI ${pitch.min} to ${pitch.max}, not ${note.pitch}.`;
    }
    if (!within(note.eighths, eighths)) {
      const range = `${eighths.min} to ${eighths.max}`;
      return `Note ${index + 1}: the length must be ${range} eighth notes, not ${note.eighths}.`;
    }
  }
  return null;
}

/**
 * Writes a melody as a BMN file (the layout `parseBmn` reads): ASCII `BMN`, the version (1), the tempo, the
 * instrument, the note count N, then N pairs of MIDI pitch and length in eighth notes. Throws a RangeError saying
 * which field is out of its limits (`BMN_LIMITS`, as `bmnMelodyError` tells).
 */
export function encodeBmn(melody: BmnMelodyInput): Uint8Array {
  const error = bmnMelodyError(melody);
  if (error !== null) throw new RangeError(error);
  const bytes = new Uint8Array(BMN_HEADER_LENGTH + 2 * melody.notes.length);
  bytes.set([0x42, 0x4d, 0x4e, BMN_VERSION, melody.tempo, melody.instrument, melody.notes.length]);
  for (const [index, note] of melody.notes.entries()) {
    bytes.set([note.pitch, note.eighths], BMN_HEADER_LENGTH + 2 * index);
  }
  return bytes;
}
