import { describe, expect, it, vi } from 'vitest';
import { ApiError, fetchActivity, fetchBalance, fetchSrc20, fetchStamps } from './api';

const ADDRESS = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const OTHER = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l';

type Answer = { status?: number; body: unknown };

/** Stubs fetch with answers by path and query; returns the mock to read the requested URLs. */
function stubApi(answers: Record<string, Answer>) {
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer = answers[path] ?? { status: 404, body: { error: 'not found' } };
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function requested(fetchMock: ReturnType<typeof stubApi>): string[] {
  return fetchMock.mock.calls.map(([input]) => (input instanceof Request ? input.url : input.toString()));
}

describe('fetchBalance', () => {
  it('reads confirmed and unconfirmed satoshis as exact integers', async () => {
    const fetchMock = stubApi({
      [`/api/wallet/balance/${ADDRESS}`]: {
        body: { address: ADDRESS, confirmed: 2_100_000_000_000_000, unconfirmed: -546 },
      },
    });
    expect(await fetchBalance(ADDRESS)).toEqual({ confirmed: 2_100_000_000_000_000n, unconfirmed: -546n });
    expect(requested(fetchMock)).toEqual([`/api/wallet/balance/${ADDRESS}`]);
  });

  it('refuses amounts that are not integers, and error answers', async () => {
    stubApi({ [`/api/wallet/balance/${ADDRESS}`]: { body: { address: ADDRESS, confirmed: 0.5, unconfirmed: 0 } } });
    await expect(fetchBalance(ADDRESS)).rejects.toThrow(ApiError);
    stubApi({ [`/api/wallet/balance/${ADDRESS}`]: { status: 502, body: { error: 'node down' } } });
    await expect(fetchBalance(ADDRESS)).rejects.toMatchObject({ status: 502 });
  });
});

describe('fetchStamps', () => {
  it("asks the profile's list of held stamps for the one address", async () => {
    const path = `/api/stamps/holders_addresses?addresses=${ADDRESS}&offset=0&limit=100&sort=stamp%3Aasc`;
    const fetchMock = stubApi({
      [path]: {
        body: {
          hits: [{ cpid: 'A1', stamp: 1, ident: 'STAMP', stamp_url: '/s/A1' }, { nonsense: true }],
          estimatedTotalHits: 150,
          offset: 0,
          limit: 100,
        },
      },
    });
    expect(await fetchStamps(ADDRESS)).toEqual({ hits: [{ cpid: 'A1', stamp: 1, ident: 'STAMP' }], total: 150 });
    expect(requested(fetchMock)).toEqual([path]);
  });
});

describe('fetchSrc20', () => {
  it("reads the address's balances from its profile", async () => {
    stubApi({
      [`/api/profile/${ADDRESS}`]: {
        body: {
          user_id: ADDRESS,
          addresses: [ADDRESS],
          src20: [{ tick: 'KEVIN', address: ADDRESS, balance: '5000.5' }],
        },
      },
    });
    expect(await fetchSrc20(ADDRESS)).toEqual([{ tick: 'KEVIN', balance: '5000.5' }]);
  });

  it("follows a linked address to its user's profile and keeps only this address's balances", async () => {
    const fetchMock = stubApi({
      [`/api/profile/${ADDRESS}`]: { body: { redirect: 'alice' } },
      '/api/profile/alice': {
        body: {
          user_id: 'u1',
          addresses: [ADDRESS, OTHER],
          src20: [
            { tick: 'PEPE', address: OTHER, balance: '1' },
            { tick: 'STAMP', address: ADDRESS, balance: '21000000' },
          ],
        },
      },
    });
    expect(await fetchSrc20(ADDRESS)).toEqual([{ tick: 'STAMP', balance: '21000000' }]);
    expect(requested(fetchMock)).toEqual([`/api/profile/${ADDRESS}`, '/api/profile/alice']);
  });

  it('has none for an address the catalogue does not know (404)', async () => {
    stubApi({});
    expect(await fetchSrc20(ADDRESS)).toEqual([]);
  });

  it('fails on other errors', async () => {
    stubApi({ [`/api/profile/${ADDRESS}`]: { status: 500, body: { error: 'boom' } } });
    await expect(fetchSrc20(ADDRESS)).rejects.toMatchObject({ status: 500 });
  });
});

describe('fetchActivity', () => {
  const path = `/api/activity?addresses=${ADDRESS}`;
  const TX = 'ab'.repeat(32);
  const item = {
    asset: 'A95428956661682177',
    quantity: '1',
    divisible: false,
    tx_type: 'receive',
    tx_hash: TX,
    block_index: 850_123,
    timestamp: 1_718_000_000,
  };

  it("reads the address's events exactly, newest first, with long names when there are", async () => {
    const fetchMock = stubApi({
      [path]: {
        body: {
          hits: [
            { ...item, tx_type: 'send', asset: 'A1', asset_longname: 'PARENT.child', quantity: '18446744073709551615' },
            { ...item, asset: 'XCP', divisible: true, quantity: 150_000_000 },
          ],
          estimatedTotalHits: 2,
          offset: 0,
          limit: 20,
        },
      },
    });
    expect(await fetchActivity(ADDRESS)).toEqual([
      {
        asset: 'A1',
        assetLongname: 'PARENT.child',
        quantity: 18_446_744_073_709_551_615n,
        divisible: false,
        type: 'send',
        txHash: TX,
        blockIndex: 850_123,
        timestamp: 1_718_000_000,
      },
      {
        asset: 'XCP',
        quantity: 150_000_000n,
        divisible: true,
        type: 'receive',
        txHash: TX,
        blockIndex: 850_123,
        timestamp: 1_718_000_000,
      },
    ]);
    expect(requested(fetchMock)).toEqual([path]);
  });

  it('skips the items it cannot read', async () => {
    stubApi({
      [path]: {
        body: {
          hits: [
            item,
            null,
            'send',
            { ...item, tx_type: 'dispense' },
            { ...item, quantity: '1.5' },
            { ...item, quantity: 0.5 },
            { ...item, quantity: '-1' },
            { ...item, divisible: 'false' },
            { ...item, asset: '' },
            { ...item, tx_hash: 'not a txid' },
            { ...item, block_index: '850123' },
            { ...item, timestamp: -1 },
          ],
          estimatedTotalHits: 12,
          offset: 0,
          limit: 20,
        },
      },
    });
    expect((await fetchActivity(ADDRESS)).map((event) => event.type)).toEqual(['receive']);
  });

  it('refuses an answer without a list of hits, and error answers', async () => {
    stubApi({ [path]: { body: [item] } });
    await expect(fetchActivity(ADDRESS)).rejects.toThrow(ApiError);
    stubApi({ [path]: { body: { hits: null } } });
    await expect(fetchActivity(ADDRESS)).rejects.toThrow(ApiError);
    stubApi({ [path]: { status: 400, body: { error: 'addresses is required' } } });
    await expect(fetchActivity(ADDRESS)).rejects.toMatchObject({ status: 400 });
  });
});
