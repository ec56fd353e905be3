import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CLEAR_QUESTION, BitMelody } from './bit-melody';

/**
 * The browser's sound, stubbed at Tone.js (the WebAudio library the stamp pages' player drives): each voice records
 * the notes it is asked to play, so that a test hears what the real player (`@/lib/bmn/player`) plays.
 */
const tone = vi.hoisted(() => {
  type Played = { voice: string; frequency: number; seconds: number; at: number };
  const played: Played[] = [];
  const disposed: string[] = [];
  class Voice {
    readonly volume = { value: 0 };
    readonly name: string;
    constructor(kind: string, options?: { oscillator?: { type?: string } }) {
      this.name = options?.oscillator?.type ? `${kind} ${options.oscillator.type}` : kind;
    }
    toDestination(): this {
      return this;
    }
    triggerAttackRelease(frequency: number, seconds: number, at: number): void {
      played.push({ voice: this.name, frequency, seconds, at });
    }
    dispose(): void {
      disposed.push(this.name);
    }
  }
  const voice = (kind: string) =>
    class extends Voice {
      constructor(options?: { oscillator?: { type?: string } }) {
        super(kind, options);
      }
    };
  return {
    played,
    disposed,
    module: {
      start: () => Promise.resolve(),
      getContext: () => ({ state: 'running' }),
      now: () => 0,
      Frequency: (midi: number) => ({ toFrequency: () => 440 * 2 ** ((midi - 69) / 12) }),
      Synth: voice('synth'),
      FMSynth: voice('fm'),
      AMSynth: voice('am'),
      PluckSynth: voice('pluck'),
      DuoSynth: voice('duo'),
    },
  };
});
vi.mock('tone', () => tone.module);

function hertz(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

/** Seconds rounded to the millisecond. */
function millis(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/** A cell of the roll, by its label (`C4 at step 1`); a role query over the roll's hundreds of buttons is slow. */
function cell(name: string): HTMLElement {
  return screen.getByLabelText(name, { selector: 'button' });
}

/** A button of the melody's actions (Play, Stop, Clear, Mint). */
function action(name: string): HTMLElement {
  return within(screen.getByRole('group', { name: 'Melody' })).getByRole('button', { name });
}

function click(name: string) {
  fireEvent.click(cell(name));
}

function choose(label: string, option: string) {
  const select = screen.getByRole('combobox', { name: label });
  fireEvent.change(select, {
    target: { value: within(select).getByRole('option', { name: option }).getAttribute('value') },
  });
}

function setTempo(bpm: number) {
  fireEvent.change(screen.getByRole('slider', { name: 'Tempo' }), { target: { value: String(bpm) } });
}

/** Waits for what a click started (the player's code loading, the synth starting). */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('BitMelody', () => {
  beforeEach(() => {
    tone.played.length = 0;
    tone.disposed.length = 0;
  });

  it('starts empty, with Play, Clear and Mint disabled', () => {
    const onMint = vi.fn();
    render(<BitMelody onMint={onMint} />);
    expect(screen.getByRole('group', { name: 'Piano roll' })).toBeInTheDocument();
    // C major pentatonic over two octaves from C3: 11 rows of 32 steps.
    expect(screen.getByRole('group', { name: 'Piano roll' }).querySelectorAll('button')).toHaveLength(11 * 32);
    expect(cell('C5 at step 32')).toHaveAttribute('aria-pressed', 'false');
    expect(action('Play melody')).toBeDisabled();
    expect(action('Clear')).toBeDisabled();
    expect(action('Mint')).toBeDisabled();
    expect(screen.getByText('No notes yet: click the roll to place one.')).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Tempo' })).toHaveValue('120');
    expect(screen.getByRole('combobox', { name: 'Instrument' })).toHaveDisplayValue('sine synth');
  });

  it('toggles notes into the melody, one per step, and mints its exact BMN file', () => {
    const onMint = vi.fn<(bytes: Uint8Array) => void>();
    render(<BitMelody onMint={onMint} />);
    click('C3 at step 1');
    click('E3 at step 2');
    choose('Note length', 'Quarter');
    click('G3 at step 3');
    click('C4 at step 7');
    // One note per step: D4 at step 7 replaces C4; clicking it again removes it; C4 comes back.
    click('D4 at step 7');
    expect(cell('C4 at step 7')).toHaveAttribute('aria-pressed', 'false');
    expect(cell('D4 at step 7')).toHaveAttribute('aria-pressed', 'true');
    click('D4 at step 8');
    expect(cell('D4 at step 7')).toHaveAttribute('aria-pressed', 'false');
    click('C4 at step 7');

    expect(cell('C3 at step 1')).toHaveAttribute('aria-pressed', 'true');
    expect(cell('G3 at step 4')).toHaveAttribute('aria-pressed', 'true');
    // G3 holds over the silence before C4: shown, but not a cell of its own note.
    expect(cell('G3 at step 5')).toHaveAttribute('aria-pressed', 'false');
    expect(cell('G3 at step 5')).toHaveClass('bit-melody__cell--hold');
    expect(cell('C4 at step 8')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('BMN file: 15 B, 4 notes, 2.0 s')).toBeInTheDocument();

    fireEvent.click(action('Mint'));
    expect(onMint).toHaveBeenCalledTimes(1);
    const file = new Uint8Array([0x42, 0x4d, 0x4e, 1, 120, 0, 4, 48, 1, 52, 1, 55, 4, 60, 2]);
    expect(onMint.mock.calls[0]?.[0]).toEqual(file);

    setTempo(96);
    choose('Instrument', 'plucked string');
    expect(screen.getByRole('status')).toHaveTextContent('96 BPM');
    fireEvent.click(action('Mint'));
    expect(onMint.mock.calls[1]?.[0]).toEqual(
      new Uint8Array([0x42, 0x4d, 0x4e, 1, 96, 6, 4, 48, 1, 52, 1, 55, 4, 60, 2]),
    );
  });

  it('moves the notes with the key', () => {
    const onMint = vi.fn<(bytes: Uint8Array) => void>();
    render(<BitMelody onMint={onMint} />);
    click('E3 at step 1');
    choose('Root', 'D');
    expect(cell('F#3 at step 1')).toHaveAttribute('aria-pressed', 'true');
    choose('Scale', 'Chromatic');
    expect(cell('F#3 at step 1')).toHaveAttribute('aria-pressed', 'true');
    expect(cell('G3 at step 1')).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(action('Mint'));
    expect(onMint.mock.calls[0]?.[0]).toEqual(new Uint8Array([0x42, 0x4d, 0x4e, 1, 120, 0, 1, 54, 1]));
  });

  it("plays the melody with the stamp pages' player, and stops it", async () => {
    render(<BitMelody />);
    click('C3 at step 1');
    click('A3 at step 3');
    choose('Instrument', 'FM synth');
    setTempo(40);
    fireEvent.click(action('Play melody'));
    await screen.findByText('Stop melody');
    // At 40 BPM an eighth lasts 0.75 s; each note sounds 90 % of its length, after a 0.05 s lead.
    const played = tone.played.map((note) => ({ ...note, seconds: millis(note.seconds), at: millis(note.at) }));
    expect(played).toEqual([
      { voice: 'fm', frequency: hertz(48), seconds: 1.35, at: 0.05 },
      { voice: 'fm', frequency: hertz(57), seconds: 0.675, at: 1.55 },
    ]);
    expect(screen.getByText('2 notes, 40 BPM, FM synth')).toBeInTheDocument();

    fireEvent.click(action('Stop melody'));
    expect(tone.disposed).toEqual(['fm']);
    expect(action('Play melody')).toBeEnabled();
  });

  it('stops playing when the melody changes, and plays the new one next', async () => {
    render(<BitMelody />);
    click('C3 at step 1');
    setTempo(40);
    fireEvent.click(action('Play melody'));
    await screen.findByText('Stop melody');
    click('D3 at step 2');
    expect(tone.disposed).toEqual(['synth sine']);
    expect(action('Play melody')).toBeEnabled();
    fireEvent.click(action('Play melody'));
    await screen.findByText('Stop melody');
    expect(tone.played.map((note) => note.frequency)).toEqual([hertz(48), hertz(48), hertz(50)]);
  });

  it('asks before clearing the notes', async () => {
    const onMint = vi.fn();
    render(<BitMelody onMint={onMint} />);
    click('C3 at step 1');
    fireEvent.click(action('Clear'));
    const question = screen.getByRole('alertdialog');
    expect(question).toHaveTextContent(CLEAR_QUESTION);
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(cell('C3 at step 1')).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(action('Clear'));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Clear' }));
    await settle();
    expect(cell('C3 at step 1')).toHaveAttribute('aria-pressed', 'false');
    expect(action('Mint')).toBeDisabled();
  });

  it('keeps the melody across a reload', () => {
    const first = render(<BitMelody />);
    choose('Scale', 'Major');
    click('F3 at step 2');
    setTempo(140);
    first.unmount();

    render(<BitMelody />);
    expect(cell('F3 at step 2')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('combobox', { name: 'Scale' })).toHaveDisplayValue('Major');
    expect(screen.getByRole('slider', { name: 'Tempo' })).toHaveValue('140');
    expect(screen.getByText('BMN file: 9 B, 1 note, 0.2 s')).toBeInTheDocument();
  });

  it('has no Mint button without a way to mint', () => {
    render(<BitMelody />);
    const actions = within(screen.getByRole('group', { name: 'Melody' }));
    expect(actions.queryByRole('button', { name: 'Mint' })).not.toBeInTheDocument();
  });
});
