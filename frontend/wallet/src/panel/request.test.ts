import { describe, expect, it } from 'vitest';
import { pageRequest, parseRequest, REQUEST_MAX_AGE_MS } from './request';

const NOW = 1_800_000_000_000;
const HASH = 'ab'.repeat(32);
const query = (fields: Record<string, string>) =>
  `?${new URLSearchParams({ timestamp: String(NOW), ...fields }).toString()}`;

describe('parseRequest', () => {
  it('reads a buy of the cart, its hashes deduplicated and an atomic swap’s output kept', () => {
    expect(
      parseRequest(query({ action: 'buy', tx: `${HASH},${HASH.toUpperCase()},${'cd'.repeat(32)}:1` }), NOW),
    ).toEqual({
      action: 'buy',
      hashes: [HASH, `${'cd'.repeat(32)}:1`],
    });
  });

  it('reads a sign-in (connect by default, or link) and the mints', () => {
    expect(parseRequest(query({ action: 'sign-in' }), NOW)).toEqual({ action: 'sign-in', purpose: 'connect' });
    expect(parseRequest(query({ action: 'sign-in', purpose: 'link' }), NOW)).toEqual({
      action: 'sign-in',
      purpose: 'link',
    });
    expect(parseRequest(query({ action: 'fairmint', cpid: 'A95428956661682177' }), NOW)).toEqual({
      action: 'fairmint',
      cpid: 'A95428956661682177',
    });
    expect(parseRequest(query({ action: 'mint' }), NOW)).toEqual({ action: 'mint' });
  });

  it('refuses a stale or timeless request, an unknown action and a malformed cart', () => {
    const old = String(NOW - REQUEST_MAX_AGE_MS - 1);
    const stale = `?${new URLSearchParams({ action: 'mint', timestamp: old }).toString()}`;
    expect(parseRequest(stale, NOW)).toEqual({ error: expect.stringMatching(/too old/) as unknown });
    expect(parseRequest('?action=mint', NOW)).toEqual({ error: expect.stringMatching(/no time/) as unknown });
    expect(parseRequest(query({ action: 'steal' }), NOW)).toHaveProperty('error');
    expect(parseRequest(query({ action: 'buy', tx: '' }), NOW)).toHaveProperty('error');
    expect(parseRequest(query({ action: 'buy', tx: 'x' }), NOW)).toHaveProperty('error');
    const six = Array.from({ length: 6 }, (_, index) => String(index).repeat(64)).join(',');
    expect(parseRequest(query({ action: 'buy', tx: six }), NOW)).toHaveProperty('error');
    expect(parseRequest(query({ action: 'sign-in', purpose: 'other' }), NOW)).toHaveProperty('error');
  });

  it('opens the panel only when the page names an action', () => {
    expect(pageRequest('', NOW)).toBeNull();
    expect(pageRequest('?x=1', NOW)).toBeNull();
    expect(pageRequest(query({ action: 'mint' }), NOW)).toEqual({ action: 'mint' });
  });
});
