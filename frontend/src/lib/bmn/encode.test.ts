import { describe, expect, it } from 'vitest';
import { bmnMelodyError, encodeBmn, type BmnMelodyInput } from './encode';
import { parseBmn } from './parse';

/**
 * Files made as the devnet's `stamp_files::bmn` makes them: `BMN`, version 1, a tempo of 80 to 160, an instrument
 * below 8, 16 to 32 notes, each a pitch of the major pentatonic over two octaves from a root of MIDI 48 to 59 and a
 * length of 1 to 3 eighths.
 */
const DEVNET_FILES: { name: string; root: number; bytes: number[] }[] = [
  {
    name: 'F root, 96 BPM, plucked string, 16 notes',
    root: 53,
    // prettier-ignore
    bytes: [
      0x42, 0x4d, 0x4e, 1, 96, 6, 16,
      53, 2, 57, 1, 60, 1, 62, 2, 65, 3, 62, 1, 60, 1, 57, 2,
      55, 1, 53, 3, 60, 2, 65, 1, 69, 1, 72, 2, 74, 3, 67, 1,
    ],
  },
  {
    name: 'C root, 160 BPM, sine synth, 32 notes',
    root: 48,
    // prettier-ignore
    bytes: [
      0x42, 0x4d, 0x4e, 1, 160, 0, 32,
      48, 1, 50, 1, 52, 1, 55, 1, 57, 2, 55, 1, 52, 1, 50, 3,
      60, 1, 62, 1, 64, 1, 67, 1, 69, 2, 67, 1, 64, 1, 62, 3,
      48, 2, 52, 2, 55, 2, 60, 2, 64, 3, 69, 1, 67, 1, 64, 3,
      62, 1, 60, 1, 57, 1, 55, 1, 52, 2, 50, 2, 48, 3, 48, 3,
    ],
  },
  {
    name: 'B root, 80 BPM, duo synth, 23 notes',
    root: 59,
    // prettier-ignore
    bytes: [
      0x42, 0x4d, 0x4e, 1, 80, 7, 23,
      59, 3, 80, 1, 78, 1, 75, 2, 73, 1, 71, 3, 68, 2, 66, 1,
      63, 1, 61, 2, 59, 1, 61, 1, 63, 3, 66, 2, 68, 1, 71, 1,
      73, 2, 75, 1, 78, 3, 80, 2, 68, 1, 66, 1, 59, 3,
    ],
  },
];

const PENTATONIC = [0, 2, 4, 7, 9];

describe('encodeBmn', () => {
  it('writes the header and the note pairs', () => {
    const melody: BmnMelodyInput = {
      tempo: 120,
      instrument: 6,
      notes: [
        { pitch: 60, eighths: 2 },
        { pitch: 64, eighths: 1 },
        { pitch: 67, eighths: 4 },
      ],
    };
    expect([...encodeBmn(melody)]).toEqual([0x42, 0x4d, 0x4e, 1, 120, 6, 3, 60, 2, 64, 1, 67, 4]);
  });

  it('round-trips through parseBmn, at the limits of each field', () => {
    const melodies: BmnMelodyInput[] = [
      { tempo: 1, instrument: 0, notes: [{ pitch: 0, eighths: 1 }] },
      { tempo: 255, instrument: 7, notes: [{ pitch: 127, eighths: 255 }] },
      {
        tempo: 133,
        instrument: 3,
        notes: Array.from({ length: 255 }, (_, index) => ({ pitch: index % 128, eighths: 1 + (index % 255) })),
      },
    ];
    for (const melody of melodies) {
      expect(parseBmn(encodeBmn(melody))).toEqual({ ok: true, melody: { version: 1, ...melody } });
    }
  });

  it.each(DEVNET_FILES)('re-encodes a devnet file byte for byte: $name', ({ root, bytes }) => {
    const file = new Uint8Array(bytes);
    // The file is one the devnet could make.
    expect(file[4]).toBeGreaterThanOrEqual(80);
    expect(file[4]).toBeLessThanOrEqual(160);
    expect(file[6]).toBeGreaterThanOrEqual(16);
    expect(file[6]).toBeLessThanOrEqual(32);
    expect(file.length).toBe(7 + 2 * (file[6] ?? 0));

    const parsed = parseBmn(file);
    if (!parsed.ok) throw new Error(parsed.error);
    for (const note of parsed.melody.notes) {
      expect(PENTATONIC).toContain((note.pitch - root) % 12);
      expect(note.pitch - root).toBeLessThan(24);
      expect([1, 2, 3]).toContain(note.eighths);
    }
    expect(encodeBmn(parsed.melody)).toEqual(file);
  });

  it('refuses a field out of its limits, saying which', () => {
    const note = { pitch: 60, eighths: 2 };
    const cases: [BmnMelodyInput, RegExp][] = [
      [{ tempo: 0, instrument: 0, notes: [note] }, /tempo must be 1 to 255 BPM, not 0/],
      [{ tempo: 256, instrument: 0, notes: [note] }, /tempo must be 1 to 255 BPM, not 256/],
      [{ tempo: 120.5, instrument: 0, notes: [note] }, /tempo/],
      [{ tempo: 120, instrument: 8, notes: [note] }, /instrument must be 0 to 7, not 8/],
      [{ tempo: 120, instrument: -1, notes: [note] }, /instrument/],
      [{ tempo: 120, instrument: 0, notes: [] }, /1 to 255 notes, not 0/],
      [{ tempo: 120, instrument: 0, notes: Array<typeof note>(256).fill(note) }, /1 to 255 notes, not 256/],
      [{ tempo: 120, instrument: 0, notes: [note, { pitch: 128, eighths: 1 }] }, /Note 2: the pitch .* not 128/],
      [{ tempo: 120, instrument: 0, notes: [{ pitch: -1, eighths: 1 }] }, /Note 1: the pitch/],
      [{ tempo: 120, instrument: 0, notes: [{ pitch: 60, eighths: 0 }] }, /Note 1: the length .* not 0/],
      [{ tempo: 120, instrument: 0, notes: [{ pitch: 60, eighths: 256 }] }, /Note 1: the length .* not 256/],
    ];
    for (const [melody, message] of cases) {
      expect(bmnMelodyError(melody)).toMatch(message);
      expect(() => encodeBmn(melody)).toThrow(RangeError);
      expect(() => encodeBmn(melody)).toThrow(message);
    }
    expect(bmnMelodyError({ tempo: 120, instrument: 0, notes: [note] })).toBeNull();
  });
});
