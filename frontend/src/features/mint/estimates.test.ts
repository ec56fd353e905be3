import { describe, expect, it } from 'vitest';
import { fairmintEstimate, launchpadEstimate, src20MintEstimate, src20Parts } from './estimates';

const BC1 = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const LEGACY = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';

describe('the fairmint estimate', () => {
  it('is 2,230 satoshis plus 264 vB at the rate, 170 vB for a bc1 source', () => {
    expect(fairmintEstimate(LEGACY, 10)).toEqual({
      rows: [
        { label: 'Mint fee', sats: BigInt(2230) },
        { label: 'Network fee (~264 vB)', sats: BigInt(2640) },
      ],
      total: BigInt(4870),
    });
    const bc1 = fairmintEstimate(BC1, 8.5);
    expect(bc1.rows[1]).toEqual({ label: 'Network fee (~170 vB)', sats: BigInt(1445) });
    expect(bc1.total).toBe(BigInt(2230 + 1445));
  });
});

describe('the SRC-20 mint estimate', () => {
  it('counts 3 parts when the tick and the limit digits come to 12 characters or more, else 2', () => {
    expect(src20Parts('PEPE', '1000')).toBe(2);
    expect(src20Parts('PEPE', '10000000')).toBe(3);
    expect(src20Parts('KEVIN', '1000000')).toBe(3);
    expect(src20Parts('KEVIN', '100000')).toBe(2);
    // Digits only: the point does not count.
    expect(src20Parts('PEPE', '1000000.5')).toBe(3);
    expect(src20Parts('PEPE', '100000.5')).toBe(2);
    // An emoji counts as one character.
    expect(src20Parts('🐸', '10000000000')).toBe(3);
    expect(src20Parts('🐸', '1000000000')).toBe(2);
  });

  it('is 12,230 plus 330 per part, plus 2,222 without royalties', () => {
    expect(src20MintEstimate({ tick: 'PEPE', limit: '1000', royalties: null, promo: null })).toEqual({
      rows: [
        { label: 'Mint fee (2 parts)', sats: BigInt(12230 + 660) },
        { label: 'Service fee', sats: BigInt(2222) },
      ],
      total: BigInt(12230 + 660 + 2222),
    });
    expect(src20MintEstimate({ tick: 'PEPE', limit: '10000000', royalties: 0, promo: null }).total).toBe(
      BigInt(12230 + 990 + 2222),
    );
  });

  it("adds the deployer's royalty instead of 2,222, and the promo's price when chosen", () => {
    const estimate = src20MintEstimate({ tick: 'PEPE', limit: '1000', royalties: 5000, promo: 10990 });
    expect(estimate.rows).toEqual([
      { label: 'Mint fee (2 parts)', sats: BigInt(12890) },
      { label: 'Royalties', sats: BigInt(5000) },
      { label: 'Promo', sats: BigInt(10990) },
    ]);
    expect(estimate.total).toBe(BigInt(12890 + 5000 + 10990));
  });
});

describe('the launchpad mint estimate', () => {
  const base = { ownerFee: 30000, freeWhitelist: false, times: 1, feeRate: 10, optimalFee: 8.5 };

  it("is 22,230 + 990 and the owner's fee, plus 346 vB (bc1) or 427 at the rate", () => {
    expect(launchpadEstimate({ ...base, source: BC1 })).toEqual({
      rows: [
        { label: 'Mint fee', sats: BigInt(23220) },
        { label: 'Launchpad fee', sats: BigInt(30000) },
        { label: 'Network fee (~346 vB)', sats: BigInt(3460) },
      ],
      total: BigInt(23220 + 30000 + 3460),
    });
    expect(launchpadEstimate({ ...base, source: LEGACY }).total).toBe(BigInt(23220 + 30000 + 4270));
  });

  it('has no launchpad fee line for a free mint', () => {
    const free = launchpadEstimate({ ...base, source: BC1, ownerFee: 0 });
    expect(free.rows.map((row) => row.label)).toEqual(['Mint fee', 'Network fee (~346 vB)']);
    expect(free.total).toBe(BigInt(23220 + 3460));
  });

  it('takes 30 vB at the optimal rate as the mint fee when the whitelist fee is zero', () => {
    const whitelisted = launchpadEstimate({ ...base, source: BC1, ownerFee: 0, freeWhitelist: true });
    // 30 × 8.5 = 255, whatever the option chosen.
    expect(whitelisted.rows[0]).toEqual({ label: 'Mint fee', sats: BigInt(255) });
    expect(whitelisted.total).toBe(BigInt(255 + 3460));
  });

  it('counts every mint of a locked quantity above one', () => {
    const three = launchpadEstimate({ ...base, source: BC1, times: 3 });
    expect(three.rows.map((row) => row.label)).toEqual([
      'Mint fee × 3',
      'Launchpad fee × 3',
      'Network fee (~346 vB) × 3',
    ]);
    expect(three.total).toBe(BigInt(3 * (23220 + 30000 + 3460)));
  });
});
