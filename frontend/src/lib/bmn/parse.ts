/** One note of a BMN melody: a MIDI pitch and a length in eighth notes. */
export type BmnNote = { pitch: number; eighths: number };

/** A decoded BMN file. */
export type BmnMelody = {
  version: 1;
  /** Beats (quarter notes) per minute. */
  tempo: number;
  /** The timbre, 0 to 7. */
  instrument: number;
  notes: BmnNote[];
};

export type BmnParseResult = { ok: true; melody: BmnMelody } | { ok: false; error: string };

/** The file's first bytes: ASCII `BMN`. */
const MAGIC = [0x42, 0x4d, 0x4e];
/** Magic, version, tempo, instrument and note count. */
export const BMN_HEADER_LENGTH = 7;
/** The one version of the format. */
export const BMN_VERSION = 1;
/** Instruments are numbered 0 to 7. */
export const BMN_INSTRUMENT_COUNT = 8;
/** MIDI pitches are 0 to 127. */
const MAX_PITCH = 127;

function fail(error: string): BmnParseResult {
  return { ok: false, error };
}

/**
 * Decodes a BMN file: ASCII `BMN`, the version (1), the tempo in BPM, the instrument (0 to 7), the note count N,
 * then N pairs of MIDI pitch and duration in eighth notes, and nothing after them. Anything else is refused with a
 * message saying what is wrong; it never throws.
 */
export function parseBmn(bytes: Uint8Array): BmnParseResult {
  if (bytes.length < MAGIC.length || MAGIC.some((byte, i) => bytes[i] !== byte)) {
    return fail('Not a BMN file: it does not start with "BMN".');
  }
  if (bytes.length < BMN_HEADER_LENGTH) {
    return fail(`Truncated BMN file: its header needs ${BMN_HEADER_LENGTH} bytes, the file has ${bytes.length}.`);
  }
  const [version, tempo, instrument, count] = [bytes[3], bytes[4], bytes[5], bytes[6]] as [
    number,
    number,
    number,
    number,
  ];
  if (version !== BMN_VERSION) return fail(`Unsupported BMN version ${version}: only version ${BMN_VERSION} plays.`);
  if (tempo === 0) return fail('Invalid BMN file: the tempo is 0 BPM.');
  if (instrument >= BMN_INSTRUMENT_COUNT) {
    return fail(`Invalid BMN file: instrument ${instrument} is not one of 0 to ${BMN_INSTRUMENT_COUNT - 1}.`);
  }
  if (count === 0) return fail('Invalid BMN file: it has no notes.');
  const body = bytes.length - BMN_HEADER_LENGTH;
  if (body < count * 2) {
    return fail(`Truncated BMN file: ${count} notes need ${count * 2} bytes after the header, the file has ${body}.`);
  }
  if (body > count * 2) {
    return fail(`Invalid BMN file: ${count} notes take ${count * 2} bytes after the header, the file has ${body}.`);
  }
  const notes: BmnNote[] = [];
  for (let i = 0; i < count; i++) {
    const pitch = bytes[BMN_HEADER_LENGTH + 2 * i] ?? 0;
    const eighths = bytes[BMN_HEADER_LENGTH + 2 * i + 1] ?? 0;
    if (pitch > MAX_PITCH) return fail(`Invalid BMN file: note ${i + 1} has pitch ${pitch}, above MIDI's 127.`);
    if (eighths === 0) return fail(`Invalid BMN file: note ${i + 1} lasts 0 eighth notes.`);
    notes.push({ pitch, eighths });
  }
  return { ok: true, melody: { version: BMN_VERSION, tempo, instrument, notes } };
}

/** How long one eighth note lasts at a tempo, in seconds. */
export function eighthSeconds(tempo: number): number {
  return 60 / tempo / 2;
}

/** The melody's length in seconds. */
export function melodySeconds(melody: BmnMelody): number {
  return melody.notes.reduce((sum, note) => sum + note.eighths, 0) * eighthSeconds(melody.tempo);
}
