import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchFairmint, fetchSrc20 } from './terms';

function answer(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(Response.json(body, { status }))),
  );
}
afterEach(() => {
  vi.unstubAllGlobals();
});

const hit = (cpid: string, status: string) => ({
  cpid,
  asset_longname: null,
  status,
  divisible: true,
  price: '50000000',
  quantity_by_price: '100000000',
});

describe('fetchFairmint', () => {
  it('takes the open fairminter of the asset itself, exactly', async () => {
    answer({ hits: [hit('XCPNINJA', 'open'), hit('NINJA', 'closed'), hit('NINJA', 'open')] });
    expect(await fetchFairmint('NINJA')).toEqual({
      cpid: 'NINJA',
      name: 'NINJA',
      divisible: true,
      lot: 100_000_000n,
      price: 50_000_000n,
      open: true,
    });
  });

  it('is null for an asset without a fairminter, and refuses unreadable figures', async () => {
    answer({ hits: [hit('OTHER', 'open')] });
    expect(await fetchFairmint('NINJA')).toBeNull();
    answer({ hits: [{ ...hit('NINJA', 'open'), price: '1.5' }] });
    await expect(fetchFairmint('NINJA')).rejects.toThrow(/could not be read/);
  });
});

describe('fetchSrc20', () => {
  it("reads a deployed tick's limit per mint, exactly", async () => {
    answer({ tick: 'KEVIN', deploy: { tick: 'KEVIN', limit: '1000.5' } });
    expect(await fetchSrc20('kevin')).toEqual({ tick: 'KEVIN', limit: '1000.5' });
  });

  it('is null for a tick without a deploy', async () => {
    answer({ tick: 'NOPE', deploy: null });
    expect(await fetchSrc20('NOPE')).toBeNull();
  });
});
