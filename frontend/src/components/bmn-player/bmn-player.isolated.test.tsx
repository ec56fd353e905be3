import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BmnMelody } from '@/lib/bmn/parse';
import { BMN_LOAD_ERROR, BmnPlayer } from './bmn-player';

const playBmn = vi.fn<(melody: BmnMelody) => Promise<unknown>>();
vi.mock('@/lib/bmn/player', () => ({ playBmn: (melody: BmnMelody) => playBmn(melody) }));

const FILE = new Uint8Array([0x42, 0x4d, 0x4e, 1, 100, 4, 2, 60, 2, 67, 1]);

function stubFile(status: number, bytes: Uint8Array<ArrayBuffer>) {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(bytes, { status })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A playback that stays playing until stopped or `end` is called. */
function fakePlayback() {
  let end: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    end = resolve;
  });
  let state: AudioContextState = 'running';
  const stop = vi.fn(() => {
    end();
  });
  return {
    playback: { stop, finished, contextState: () => state },
    stop,
    end: () => {
      state = 'suspended';
      end();
    },
  };
}

async function click(name: string | RegExp) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

afterEach(() => {
  playBmn.mockReset();
});

describe('BmnPlayer', () => {
  it('fetches the file on Play, plays the decoded melody and stops on Stop', async () => {
    const fetchMock = stubFile(200, FILE);
    const { playback, stop } = fakePlayback();
    playBmn.mockResolvedValue(playback);
    const { container } = render(<BmnPlayer url="/s/A1" />);
    const player = container.querySelector('.bmn-player');
    expect(player).toHaveAttribute('data-state', 'idle');
    expect(fetchMock).not.toHaveBeenCalled();

    await click('Play melody');
    expect(fetchMock).toHaveBeenCalledWith('/s/A1');
    expect(playBmn).toHaveBeenCalledWith({
      version: 1,
      tempo: 100,
      instrument: 4,
      notes: [
        { pitch: 60, eighths: 2 },
        { pitch: 67, eighths: 1 },
      ],
    });
    expect(player).toHaveAttribute('data-state', 'playing');
    expect(player).toHaveAttribute('data-audio-context', 'running');
    expect(screen.getByText('2 notes, 100 BPM, FM synth')).toBeInTheDocument();

    await click('Stop melody');
    expect(stop).toHaveBeenCalled();
    expect(player).toHaveAttribute('data-state', 'idle');
    expect(screen.getByRole('button', { name: 'Play melody' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('returns to idle when the melody ends, and plays again without fetching again', async () => {
    const fetchMock = stubFile(200, FILE);
    const first = fakePlayback();
    playBmn.mockResolvedValueOnce(first.playback).mockResolvedValueOnce(fakePlayback().playback);
    const { container } = render(<BmnPlayer url="/s/A1" />);
    await click('Play melody');
    await act(async () => {
      first.end();
      await Promise.resolve();
    });
    const player = container.querySelector('.bmn-player');
    expect(player).toHaveAttribute('data-state', 'idle');
    expect(player).toHaveAttribute('data-audio-context', 'suspended');
    await click('Play melody');
    expect(playBmn).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("says why a file that is not BMN cannot play, and doesn't start the synthesizer", async () => {
    stubFile(200, new Uint8Array([0x42, 0x4d, 0x4e, 2, 100, 0, 1, 60, 1]));
    const { container } = render(<BmnPlayer url="/s/A1" />);
    await click('Play melody');
    expect(screen.getByRole('alert')).toHaveTextContent('Unsupported BMN version 2: only version 1 plays.');
    expect(container.querySelector('.bmn-player')).toHaveAttribute('data-state', 'error');
    expect(playBmn).not.toHaveBeenCalled();
  });

  it('says when the file cannot be fetched', async () => {
    stubFile(404, new Uint8Array());
    render(<BmnPlayer url="/s/A1" />);
    await click('Play melody');
    expect(screen.getByRole('alert')).toHaveTextContent(BMN_LOAD_ERROR);
  });

  it('plays given bytes without fetching', async () => {
    const fetchMock = stubFile(200, new Uint8Array());
    playBmn.mockResolvedValue(fakePlayback().playback);
    render(<BmnPlayer bytes={FILE} label="sequence" />);
    await click('Play sequence');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(playBmn).toHaveBeenCalledTimes(1);
  });
});
