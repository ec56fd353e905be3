import { useId, useMemo } from 'react';
import { BmnPlayer } from '@/components/bmn-player/bmn-player';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { encodeBmn } from '@/lib/bmn/encode';
import { BMN_INSTRUMENTS } from '@/lib/bmn/instruments';
import { eighthSeconds } from '@/lib/bmn/parse';
import { formatBytes } from '@/utils/format';
import {
  NOTE_LENGTHS,
  NOTE_NAMES,
  pitchName,
  rowPitches,
  SCALES,
  sequenceMelody,
  STEPS,
  STEPS_PER_BAR,
  stepCells,
  TEMPO_RANGE,
  toggleCell,
  withRoot,
  withScale,
  type CellKind,
  type ScaleId,
} from '../sequence';
import { useStoredSequence } from '../stored-sequence';

/** What Clear asks before it empties a roll that has notes. */
export const CLEAR_QUESTION = 'Clear the melody? Its notes will be lost.';

const STEP_INDEXES = Array.from({ length: STEPS }, (_, step) => step);
const BARS = Array.from({ length: STEPS / STEPS_PER_BAR }, (_, bar) => bar + 1);

function cellClass(kind: CellKind | null, step: number): string {
  let name = 'bit-melody__cell';
  if (kind) name += ` bit-melody__cell--${kind}`;
  if (step % STEPS_PER_BAR === 0) name += ' bit-melody__cell--bar';
  return name;
}

type BitMelodyProps = {
  /** Mints the melody, given its BMN file. Without it there is no Mint button: the site cannot mint it. */
  onMint?: ((bytes: Uint8Array) => void) | undefined;
};

/**
 * The Bit Melody tool (mint page): a piano roll of 32 eighth-note steps whose rows are two octaves of a key (root
 * and scale chosen above it), with the tempo, the instrument and the length new notes get. A click on a cell places
 * a note of that length there (one note per step: it replaces what started under it), a click on a note removes it;
 * as BMN has no rests, a note holds over the silence after it (shown paler) until the next one. A new root moves the
 * notes with it, a new scale moves each to its nearest row. Play and Stop use the stamp pages' BMN player on the file
 * itself (an edit stops it: the next Play plays the new file); Clear asks first; Mint hands the BMN file to `onMint`.
 * The roll is kept in local storage, so a reload finds it again.
 */
export function BitMelody({ onMint }: BitMelodyProps) {
  const [sequence, update] = useStoredSequence();
  const { confirm, dialog } = useConfirm();
  const tempoId = useId();
  const rows = useMemo(() => rowPitches(sequence.root, sequence.scale).reverse(), [sequence.root, sequence.scale]);
  const cells = useMemo(() => stepCells(sequence.notes), [sequence.notes]);
  const melody = sequenceMelody(sequence);
  const bytes = melody.notes.length > 0 ? encodeBmn(melody) : null;
  const eighths = melody.notes.reduce((sum, note) => sum + note.eighths, 0);

  const clear = async () => {
    if (sequence.notes.length > 0 && !(await confirm(CLEAR_QUESTION, 'Clear'))) return;
    update((current) => ({ ...current, notes: [] }));
  };

  return (
    <section className="bit-melody" aria-labelledby="bit-melody-title">
      <h2 id="bit-melody-title" className="visually-hidden">
        Bit Melody
      </h2>
      <div className="bit-melody__controls">
        <label className="bit-melody__control">
          <span className="bit-melody__label">Root</span>
          <select
            className="select"
            value={sequence.root}
            onChange={(event) => {
              const root = Number(event.target.value);
              update((current) => withRoot(current, root));
            }}
          >
            {NOTE_NAMES.map((name, index) => (
              <option key={name} value={index}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="bit-melody__control">
          <span className="bit-melody__label">Scale</span>
          <select
            className="select"
            value={sequence.scale}
            onChange={(event) => {
              const scale = event.target.value as ScaleId;
              update((current) => withScale(current, scale));
            }}
          >
            {SCALES.map((scale) => (
              <option key={scale.id} value={scale.id}>
                {scale.name}
              </option>
            ))}
          </select>
        </label>
        <label className="bit-melody__control">
          <span className="bit-melody__label">Instrument</span>
          <select
            className="select"
            value={sequence.instrument}
            onChange={(event) => {
              const instrument = Number(event.target.value);
              update((current) => ({ ...current, instrument }));
            }}
          >
            {BMN_INSTRUMENTS.map((instrument, index) => (
              <option key={instrument.name} value={index}>
                {instrument.name}
              </option>
            ))}
          </select>
        </label>
        <label className="bit-melody__control">
          <span className="bit-melody__label">Note length</span>
          <select
            className="select"
            value={sequence.length}
            onChange={(event) => {
              const length = Number(event.target.value);
              update((current) => ({ ...current, length }));
            }}
          >
            {NOTE_LENGTHS.map((length) => (
              <option key={length.eighths} value={length.eighths}>
                {length.name}
              </option>
            ))}
          </select>
        </label>
        <div className="bit-melody__control bit-melody__control--tempo">
          <label className="bit-melody__label" htmlFor={tempoId}>
            Tempo
          </label>
          <input
            id={tempoId}
            type="range"
            className="bit-melody__tempo"
            min={TEMPO_RANGE.min}
            max={TEMPO_RANGE.max}
            value={sequence.tempo}
            onChange={(event) => {
              const tempo = Number(event.target.value);
              update((current) => ({ ...current, tempo }));
            }}
          />
          <output className="bit-melody__tempo-value" htmlFor={tempoId}>
            {sequence.tempo} BPM
          </output>
        </div>
      </div>
      <p className="bit-melody__hint">
        Click a cell to place a note of the chosen length, click a note to remove it; one note starts per step. A BMN
        melody has no rests: a note holds (paler) until the next one starts.
      </p>
      <div className="bit-melody__scroller">
        <div className="bit-melody__roll" role="group" aria-label="Piano roll">
          <div className="bit-melody__row" aria-hidden="true">
            <span className="bit-melody__pitch" />
            {BARS.map((bar) => (
              <span key={bar} className="bit-melody__bar">
                Bar {bar}
              </span>
            ))}
          </div>
          {rows.map((pitch) => (
            <div key={pitch} className="bit-melody__row">
              <span
                className={
                  pitch % 12 === sequence.root ? 'bit-melody__pitch bit-melody__pitch--root' : 'bit-melody__pitch'
                }
                aria-hidden="true"
              >
                {pitchName(pitch)}
              </span>
              {STEP_INDEXES.map((step) => {
                const cell = cells[step];
                const kind = cell?.pitch === pitch ? cell.kind : null;
                const label = `${pitchName(pitch)} at step ${String(step + 1)}`;
                return (
                  <button
                    key={step}
                    type="button"
                    className={cellClass(kind, step)}
                    aria-label={label}
                    title={label}
                    aria-pressed={kind === 'start' || kind === 'body'}
                    onClick={() => {
                      update((current) => ({
                        ...current,
                        notes: toggleCell(current.notes, step, pitch, current.length),
                      }));
                    }}
                  />
                );
              })}
            </div>
          ))}
        </div>
      </div>
      <div className="bit-melody__actions" role="group" aria-label="Melody">
        {bytes ? (
          // A new file is a new player: the one playing the old file stops as it goes.
          <BmnPlayer key={bytes.join('.')} bytes={bytes} />
        ) : (
          <button type="button" className="button" disabled>
            Play melody
          </button>
        )}
        <button
          type="button"
          className="button button--ghost"
          disabled={sequence.notes.length === 0}
          onClick={() => {
            void clear();
          }}
        >
          Clear
        </button>
        {onMint && (
          <button
            type="button"
            className="button"
            disabled={!bytes}
            onClick={() => {
              onMint(encodeBmn(melody));
            }}
          >
            Mint
          </button>
        )}
      </div>
      <p className="bit-melody__file" aria-live="polite">
        {bytes
          ? `BMN file: ${formatBytes(bytes.length)}, ${String(melody.notes.length)} ${
              melody.notes.length === 1 ? 'note' : 'notes'
            }, ${(eighths * eighthSeconds(melody.tempo)).toFixed(1)} s`
          : 'No notes yet: click the roll to place one.'}
      </p>
      {dialog}
    </section>
  );
}
