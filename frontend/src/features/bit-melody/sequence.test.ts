import { describe, expect, it } from 'vitest';
import { encodeBmn } from '@/lib/bmn/encode';
import { parseBmn } from '@/lib/bmn/parse';
import {
  EMPTY_SEQUENCE,
  pitchName,
  readSequence,
  rowPitches,
  sequenceMelody,
  stepCells,
  toggleCell,
  withRoot,
  withScale,
  type Sequence,
  type SequenceNote,
} from './sequence';
import { SEQUENCE_STORAGE_KEY, storedSequence, storeSequence } from './stored-sequence';

function sequence(notes: SequenceNote[], changes: Partial<Sequence> = {}): Sequence {
  return { ...EMPTY_SEQUENCE, ...changes, notes };
}

describe('the roll', () => {
  it('names pitches with their octave, MIDI 60 being C4', () => {
    expect([48, 60, 61, 69, 84].map(pitchName)).toEqual(['C3', 'C4', 'C#4', 'A4', 'C6']);
  });

  it("has two octaves of the key's scale from the root (C3 to B3), and the root two octaves up", () => {
    expect(rowPitches(0, 'major-pentatonic')).toEqual([48, 50, 52, 55, 57, 60, 62, 64, 67, 69, 72]);
    expect(rowPitches(9, 'minor')).toEqual([57, 59, 60, 62, 64, 65, 67, 69, 71, 72, 74, 76, 77, 79, 81]);
    expect(rowPitches(0, 'chromatic')).toEqual(Array.from({ length: 25 }, (_, i) => 48 + i));
  });
});

describe('toggleCell', () => {
  it('places a note of the chosen length, and removes the note a click lands on', () => {
    let notes = toggleCell([], 4, 60, 3);
    expect(notes).toEqual([{ step: 4, pitch: 60, eighths: 3 }]);
    notes = toggleCell(notes, 0, 48, 1);
    expect(notes).toEqual([
      { step: 0, pitch: 48, eighths: 1 },
      { step: 4, pitch: 60, eighths: 3 },
    ]);
    // A click on the note's last step removes it.
    expect(toggleCell(notes, 6, 60, 1)).toEqual([{ step: 0, pitch: 48, eighths: 1 }]);
  });

  it('keeps one note per step: a new note replaces those starting under it and cuts the one sounding', () => {
    const notes = [
      { step: 0, pitch: 48, eighths: 4 },
      { step: 4, pitch: 52, eighths: 1 },
      { step: 5, pitch: 55, eighths: 1 },
      { step: 8, pitch: 57, eighths: 1 },
    ];
    expect(toggleCell(notes, 2, 60, 4)).toEqual([
      { step: 0, pitch: 48, eighths: 2 },
      { step: 2, pitch: 60, eighths: 4 },
      { step: 8, pitch: 57, eighths: 1 },
    ]);
    // Another pitch at a note's step replaces it.
    expect(toggleCell(notes, 8, 62, 1).at(-1)).toEqual({ step: 8, pitch: 62, eighths: 1 });
  });

  it("cuts a note at the roll's end", () => {
    expect(toggleCell([], 30, 60, 8)).toEqual([{ step: 30, pitch: 60, eighths: 2 }]);
  });
});

describe('the melody of the roll', () => {
  const notes = [
    { step: 2, pitch: 48, eighths: 1 },
    { step: 3, pitch: 52, eighths: 2 },
    { step: 8, pitch: 55, eighths: 3 },
  ];

  it('starts at the first note, holds a note over the silence after it, and gives the last its own length', () => {
    expect(sequenceMelody(sequence(notes, { tempo: 90, instrument: 5 }))).toEqual({
      tempo: 90,
      instrument: 5,
      notes: [
        { pitch: 48, eighths: 1 },
        { pitch: 52, eighths: 5 },
        { pitch: 55, eighths: 3 },
      ],
    });
  });

  it('shows each step as what sounds there', () => {
    const cells = stepCells(notes);
    expect(cells.slice(0, 12)).toEqual([
      null,
      null,
      { pitch: 48, kind: 'start' },
      { pitch: 52, kind: 'start' },
      { pitch: 52, kind: 'body' },
      { pitch: 52, kind: 'hold' },
      { pitch: 52, kind: 'hold' },
      { pitch: 52, kind: 'hold' },
      { pitch: 55, kind: 'start' },
      { pitch: 55, kind: 'body' },
      { pitch: 55, kind: 'body' },
      null,
    ]);
    expect(cells).toHaveLength(32);
  });

  it('is a BMN file that plays the same notes', () => {
    const melody = sequenceMelody(sequence(notes));
    expect(parseBmn(encodeBmn(melody))).toEqual({ ok: true, melody: { version: 1, ...melody } });
  });
});

describe('changing the key', () => {
  it('moves the notes with the root, keeping their rows', () => {
    const moved = withRoot(sequence([{ step: 0, pitch: 52, eighths: 1 }]), 2);
    expect(moved.root).toBe(2);
    expect(moved.notes).toEqual([{ step: 0, pitch: 54, eighths: 1 }]);
    expect(rowPitches(2, moved.scale).indexOf(54)).toBe(rowPitches(0, moved.scale).indexOf(52));
  });

  it("moves each note to the new scale's nearest row", () => {
    const chromatic = sequence(
      [
        { step: 0, pitch: 49, eighths: 1 },
        { step: 1, pitch: 54, eighths: 1 },
        { step: 2, pitch: 70, eighths: 1 },
      ],
      { scale: 'chromatic' },
    );
    const snapped = withScale(chromatic, 'major-pentatonic');
    expect(snapped.scale).toBe('major-pentatonic');
    // 49 lies between 48 and 50: the lower; 54 is nearest 55; 70 between 69 and 72 is nearest 69.
    expect(snapped.notes.map((note) => note.pitch)).toEqual([48, 55, 69]);
  });
});

describe('keeping the roll', () => {
  const kept = sequence(
    [
      { step: 0, pitch: 48, eighths: 2 },
      { step: 4, pitch: 72, eighths: 1 },
    ],
    { root: 0, tempo: 150, instrument: 7, length: 2 },
  );

  it('reads back what it wrote', () => {
    expect(readSequence(JSON.stringify(kept))).toEqual(kept);
    const storage = new Map<string, string>();
    const fake = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => {
        storage.set(key, value);
      },
    };
    expect(storedSequence(fake)).toEqual(EMPTY_SEQUENCE);
    storeSequence(kept, fake);
    expect([...storage.keys()]).toEqual([SEQUENCE_STORAGE_KEY]);
    expect(storedSequence(fake)).toEqual(kept);
  });

  it('starts empty from anything else', () => {
    const invalid = [
      null,
      'not json',
      '[]',
      JSON.stringify({ ...kept, root: 12 }),
      JSON.stringify({ ...kept, scale: 'dorian' }),
      JSON.stringify({ ...kept, tempo: 300 }),
      JSON.stringify({ ...kept, instrument: 8 }),
      JSON.stringify({ ...kept, length: 5 }),
      JSON.stringify({ ...kept, notes: [{ step: 0, pitch: 49, eighths: 1 }] }),
      JSON.stringify({ ...kept, notes: [{ step: 31, pitch: 48, eighths: 2 }] }),
      JSON.stringify({
        ...kept,
        notes: [
          { step: 0, pitch: 48, eighths: 3 },
          { step: 2, pitch: 50, eighths: 1 },
        ],
      }),
    ];
    for (const text of invalid) expect(readSequence(text)).toBeNull();
    expect(storedSequence({ getItem: () => 'not json' })).toEqual(EMPTY_SEQUENCE);
    expect(
      storedSequence({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toEqual(EMPTY_SEQUENCE);
  });
});
