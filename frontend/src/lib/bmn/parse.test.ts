import { describe, expect, it } from 'vitest';
import { BMN_INSTRUMENTS, bmnInstrument } from './instruments';
import { eighthSeconds, melodySeconds, parseBmn } from './parse';

/** A BMN file: `BMN`, version, tempo, instrument, count, then the note pairs. */
function bmn(header: number[], notes: number[] = []): Uint8Array {
  return new Uint8Array([0x42, 0x4d, 0x4e, ...header, ...notes]);
}

describe('parseBmn', () => {
  it('decodes a valid file', () => {
    const result = parseBmn(bmn([1, 120, 6, 3], [60, 2, 64, 1, 67, 4]));
    expect(result).toEqual({
      ok: true,
      melody: {
        version: 1,
        tempo: 120,
        instrument: 6,
        notes: [
          { pitch: 60, eighths: 2 },
          { pitch: 64, eighths: 1 },
          { pitch: 67, eighths: 4 },
        ],
      },
    });
  });

  it('refuses a file that is not BMN', () => {
    expect(parseBmn(new TextEncoder().encode('hello world'))).toEqual({
      ok: false,
      error: 'Not a BMN file: it does not start with "BMN".',
    });
    expect(parseBmn(new Uint8Array())).toMatchObject({ ok: false });
  });

  it('refuses a truncated header', () => {
    expect(parseBmn(bmn([1, 120]))).toEqual({
      ok: false,
      error: 'Truncated BMN file: its header needs 7 bytes, the file has 5.',
    });
  });

  it('refuses truncated notes', () => {
    expect(parseBmn(bmn([1, 120, 0, 3], [60, 2, 64]))).toEqual({
      ok: false,
      error: 'Truncated BMN file: 3 notes need 6 bytes after the header, the file has 3.',
    });
  });

  it('refuses another version', () => {
    expect(parseBmn(bmn([2, 120, 0, 1], [60, 2]))).toEqual({
      ok: false,
      error: 'Unsupported BMN version 2: only version 1 plays.',
    });
  });

  it('refuses a count that does not match the notes', () => {
    expect(parseBmn(bmn([1, 120, 0, 1], [60, 2, 64, 1]))).toEqual({
      ok: false,
      error: 'Invalid BMN file: 1 notes take 2 bytes after the header, the file has 4.',
    });
    expect(parseBmn(bmn([1, 120, 0, 0]))).toEqual({ ok: false, error: 'Invalid BMN file: it has no notes.' });
  });

  it('refuses a zero tempo, an unknown instrument, a pitch past MIDI and a silent note', () => {
    expect(parseBmn(bmn([1, 0, 0, 1], [60, 2]))).toMatchObject({ ok: false, error: /tempo is 0/ });
    expect(parseBmn(bmn([1, 120, 8, 1], [60, 2]))).toMatchObject({ ok: false, error: /instrument 8/ });
    expect(parseBmn(bmn([1, 120, 0, 1], [128, 2]))).toMatchObject({ ok: false, error: /pitch 128/ });
    expect(parseBmn(bmn([1, 120, 0, 1], [60, 0]))).toMatchObject({ ok: false, error: /lasts 0 eighth/ });
  });

  it('times eighth notes from the tempo', () => {
    expect(eighthSeconds(120)).toBe(0.25);
    const parsed = parseBmn(bmn([1, 120, 0, 2], [60, 2, 62, 4]));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(melodySeconds(parsed.melody)).toBe(1.5);
  });
});

describe('BMN instruments', () => {
  it('gives each of the eight instruments a distinct voice and name', () => {
    expect(BMN_INSTRUMENTS).toHaveLength(8);
    expect(new Set(BMN_INSTRUMENTS.map((i) => JSON.stringify(i.voice))).size).toBe(8);
    expect(new Set(BMN_INSTRUMENTS.map((i) => i.name)).size).toBe(8);
    expect(bmnInstrument(6).name).toBe('plucked string');
  });
});
