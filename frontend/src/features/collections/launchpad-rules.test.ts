import { describe, expect, it } from 'vitest';
import {
  formatCountdown,
  freeMintText,
  mintButton,
  mintPhase,
  mintTimer,
  publicMint,
  quantityPerMint,
  readRange,
  readWhitelist,
  whitelistItemHref,
  whitelistPhase,
} from './launchpad-rules';

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
    expect(mintTimer(range, 1001 * DAY)).toEqual({
      phase: 'open',
      label: 'Mint Open for',
      time: '9 days',
      line: 'End in 9 days',
    });
    expect(mintTimer(range, 1010 * DAY + 90 * 60_000)).toEqual({
      phase: 'closed',
      label: 'Mint Closed',
      time: '01:30:00 ago',
      line: 'Public mint is closed',
    });
  });

  it("gives a listed launchpad's public mint phase and line; one without a public mint is closed", () => {
    const collection = { public_mint: [1000 * DAY, 1010 * DAY] as [number, number] };
    expect(publicMint(collection, 1000 * DAY - 2 * HOUR)).toEqual({ phase: 'upcoming', line: 'Start in 02:00:00' });
    expect(publicMint(collection, 1001 * DAY)).toEqual({ phase: 'open', line: 'End in 9 days' });
    expect(publicMint(collection, 1010 * DAY)).toEqual({ phase: 'closed', line: 'Public mint is closed' });
    expect(publicMint({ public_mint: null }, 0)).toEqual({ phase: 'closed', line: 'Public mint is closed' });
    expect(publicMint({}, 0)).toEqual({ phase: 'closed', line: 'Public mint is closed' });
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

describe('launchpad whitelist', () => {
  it('reads the rounds defensively: a round needs its window and a group; unknown items are left out', () => {
    expect(
      readWhitelist([
        {
          time_range: [500, 1000],
          fee: 0,
          limit: 10,
          limit_per_hold: 1,
          groups: [
            [
              { type: 'stamp', id: 'A7' },
              { type: 'nft', id: 'X' },
              { type: 'token', id: 'KEVIN', quantity: 5 },
            ],
            [],
          ],
        },
        { time_range: [1000, 500], fee: 0, limit: 1, limit_per_hold: 1, groups: [[{ type: 'stamp', id: 'A8' }]] },
        { time_range: [0, 1], fee: 0, limit: 1, limit_per_hold: 1, groups: [[{ type: 'collection', id: '' }]] },
        null,
      ]),
    ).toEqual([
      {
        timeRange: [500, 1000],
        fee: 0,
        limit: 10,
        limitPerHold: 1,
        groups: [
          [
            { type: 'stamp', id: 'A7', quantity: 1 },
            { type: 'token', id: 'KEVIN', quantity: 5 },
          ],
        ],
      },
    ]);
    expect(readWhitelist(null)).toEqual([]);
    expect(readWhitelist({})).toEqual([]);
  });

  it('links an item by its type', () => {
    const stampHref = (cpid: string) => `/asset/${cpid}`;
    expect(whitelistItemHref({ type: 'stamp', id: 'A7' }, (cpid) => `/stamp/${cpid}`)).toBe('/stamp/A7');
    expect(whitelistItemHref({ type: 'stamp', id: 'A7' }, stampHref)).toBe('/asset/A7');
    expect(whitelistItemHref({ type: 'collection', id: 'my punks' }, stampHref)).toBe('/collection/my%20punks');
    expect(whitelistItemHref({ type: 'token', id: 'KEVIN' }, stampHref)).toBe('/src20/tick/KEVIN');
  });

  it("a round's state follows its window", () => {
    const round = { timeRange: [500, 1000] as [number, number] };
    expect(whitelistPhase(round, 499)).toBe('upcoming');
    expect(whitelistPhase(round, 500)).toBe('open');
    expect(whitelistPhase(round, 1000)).toBe('closed');
  });
});

describe('the mint button', () => {
  const open: [number, number] = [1000 * DAY, 1010 * DAY];
  const now = 1005 * DAY;

  it("reads 'Mint Closed' after the end, 'Preview' before the start, disabled in both", () => {
    expect(mintButton({ public_mint: open, fee: 1000 }, 1010 * DAY, true)).toEqual({
      label: 'Mint Closed',
      disabled: true,
    });
    expect(mintButton({ public_mint: open, fee: 1000 }, 999 * DAY, true)).toEqual({ label: 'Preview', disabled: true });
    // No public mint: nothing is open.
    expect(mintButton({ public_mint: null, fee: 1000 }, now, true)).toEqual({ label: 'Mint Closed', disabled: true });
  });

  it("reads 'Free Mint' without a fee or inside the free-mint window, else 'Mint Now'", () => {
    expect(mintButton({ public_mint: open, fee: 0 }, now, true)).toEqual({ label: 'Free Mint', disabled: false });
    expect(mintButton({ public_mint: open }, now, true)).toEqual({ label: 'Free Mint', disabled: false });
    const window: [number, number] = [1004 * DAY, 1006 * DAY];
    expect(mintButton({ public_mint: open, fee: 1000, free_mint: window }, now, true).label).toBe('Free Mint');
    expect(mintButton({ public_mint: open, fee: 1000, free_mint: window }, 1006 * DAY, true)).toEqual({
      label: 'Mint Now',
      disabled: false,
    });
  });

  it('is disabled while there is nothing to preview', () => {
    expect(mintButton({ public_mint: open, fee: 1000 }, now, false)).toEqual({ label: 'Mint Now', disabled: true });
  });
});
