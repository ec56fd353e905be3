import { describe, expect, it } from 'vitest';
import { milliRate } from '@/lib/wallet/fees';
import { buyEstimate, buyVsize, royaltyOf, walletFeeOf } from './estimate';

const BC1 = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const LEGACY = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const n = (value: number) => BigInt(value);

describe('buy estimate', () => {
  it('sizes the transaction: base 131 (bc1) or 212, 31 (bc1) or 34 per item, and a base output of 31', () => {
    expect(buyVsize(BC1, 1)).toBe(131 + 31 + 31);
    expect(buyVsize(BC1, 3)).toBe(131 + 3 * 31 + 31);
    expect(buyVsize(LEGACY, 2)).toBe(212 + 2 * 34 + 31);
  });

  it('takes the largest of 2% of the total, 2,222 per item and 22 times the fee rate as the service fee', () => {
    expect(walletFeeOf(n(10_000), 1, milliRate(10))).toBe(n(2222));
    expect(walletFeeOf(n(10_000), 2, milliRate(10))).toBe(n(4444));
    expect(walletFeeOf(n(1_000_000), 1, milliRate(10))).toBe(n(20_000));
    expect(walletFeeOf(n(10_000), 1, milliRate(150))).toBe(n(3300));
    expect(walletFeeOf(n(10_000), 1, milliRate(101.5))).toBe(n(2233));
  });

  it('gives 3% to the owner when owner and first issuer differ and the royalty is above 546 satoshis', () => {
    expect(royaltyOf({ amount: n(100_000), owner: 'a', origin: 'b' })).toBe(n(3000));
    expect(royaltyOf({ amount: n(100_001), owner: 'a', origin: 'b' })).toBe(n(3000));
    expect(royaltyOf({ amount: n(100_000), owner: 'a', origin: 'a' })).toBe(n(0));
    // 3% of 18 200 is 546: not above.
    expect(royaltyOf({ amount: n(18_200), owner: 'a', origin: 'b' })).toBe(n(0));
    expect(royaltyOf({ amount: n(18_234), owner: 'a', origin: 'b' })).toBe(n(547));
    expect(royaltyOf({ amount: n(100_000), owner: '', origin: 'b' })).toBe(n(0));
  });

  it('adds the items, the network fee for the size at the rate, the service fee and the royalties', () => {
    const estimate = buyEstimate(
      [
        { amount: n(50_000), owner: 'a', origin: 'a' },
        { amount: n(200_000), owner: 'o', origin: 'x' },
      ],
      BC1,
      8.5,
    );
    // 131 + 2 × 31 + 31 = 224 vB at 8.5 sat/vB = 1,904.
    expect(estimate).toEqual({
      items: n(250_000),
      vsize: 224,
      networkFee: n(1904),
      walletFee: n(5000),
      royalties: n(6000),
      total: n(250_000 + 1904 + 5000 + 6000),
    });
    // Rounded up: 193 vB at 1.5 sat/vB = 289.5.
    expect(buyEstimate([{ amount: n(1000), owner: '', origin: '' }], BC1, 1.5)?.networkFee).toBe(n(290));
    expect(buyEstimate([], BC1, 10)).toBeNull();
  });
});
