import { describe, expect, it } from 'vitest';
import { formatCountdown, freeMintText, mintPhase, mintTimer, quantityPerMint, readRange } from './launchpad-rules';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

describe('launchpad countdown', () => {
  it('shows days only beyond 36 hours, else hh:mm:ss', () => {
    expect(formatCountdown(36 * HOUR)).toBe('36:00:00');
    expect(formatCountdown(36 * HOUR + 1000)).toBe('2 days');
    expect(formatCountdown(10 * DAY + 13 * HOUR)).toBe('11 days');
    expect(formatCountdown(5 * HOUR + 4 * 60_000 + 3_999)).toBe('05:04:03');
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(-5000)).toBe('00:00:00');
  });

  it('reads the public mint phases: before the start, open until the end, closed after', () => {
    const range: [number, number] = [1000 * DAY, 1010 * DAY];
    expect(mintPhase(range, 999 * DAY)).toBe('upcoming');
    expect(mintPhase(range, 1000 * DAY)).toBe('open');
    expect(mintPhase(range, 1010 * DAY)).toBe('closed');

    expect(mintTimer(range, 1000 * DAY - 2 * HOUR)).toEqual({
      phase: 'upcoming',
      label: 'Mint Starts in',
      time: '02:00:00',
      line: 'Start in 02:00:00',
    });
    expect(mintTimer(range, 1001 * DAY)).toEqual({ phase: 'open', label: 'Mint Open for', time: '9 days', line: 'End in 9 days' });
    expect(mintTimer(range, 1010 * DAY + 90 * 60_000)).toEqual({
      phase: 'closed',
      label: 'Mint Closed',
      time: '01:30:00 ago',
      line: 'Public mint is closed',
    });
  });

  it("says 'FREE only for ...' inside the free-mint range only", () => {
    const free: [number, number] = [100 * HOUR, 110 * HOUR];
    expect(freeMintText(free, 101 * HOUR)).toBe('FREE only for 09:00:00');
    expect(freeMintText(free, 110 * HOUR)).toBeNull();
    expect(freeMintText(free, 99 * HOUR)).toBeNull();
    expect(freeMintText(null, 101 * HOUR)).toBeNull();
  });

  it('reads the curated ranges defensively and shows the quantity per mint as n/n', () => {
    expect(readRange([1, 2])).toEqual([1, 2]);
    expect(readRange([2, 1])).toBeNull();
    expect(readRange([1])).toBeNull();
    expect(readRange(null)).toBeNull();
    expect(readRange(['1', 2])).toBeNull();
    expect(quantityPerMint(3)).toBe('3/3');
    expect(quantityPerMint(null)).toBe('1/1');
    expect(quantityPerMint(0)).toBe('1/1');
  });
});
