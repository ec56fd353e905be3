import { describe, expect, it } from 'vitest';
import { buyBody, checkPays, type CartItem } from './items';

const A = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const B = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l';
const item = (hash: string, seller: string, price: bigint, error: string | null = null): CartItem => ({
  hash,
  seller,
  cpid: 'A1',
  name: 'A1',
  lot: '1',
  divisible: false,
  price,
  error,
});
const tx = (hashes: string[], outputs: [string | null, bigint][]) => ({
  hashes,
  review: { outputs: outputs.map(([address, sats]) => ({ address, sats })) },
});

describe('buyBody', () => {
  it('asks for one lot of each buyable item, paid to its seller', () => {
    expect(buyBody(A, [item('h1', B, 10_000n), item('h2', B, 5n, 'Dispenser is closed')], -1)).toEqual({
      source: A,
      tx_hashes: ['h1'],
      destinations: [[B, 10_000]],
      isPsbt: true,
      desiredFeeRate: -1,
    });
  });
});

describe('checkPays', () => {
  const items = [item('h1', B, 10_000n), item('h2', B, 20_000n)];

  it('accepts transactions paying each listing its price, to its seller', () => {
    expect(() => {
      checkPays(
        {
          txs: [
            tx(
              ['h1', 'h2'],
              [
                [B, 20_000n],
                [B, 10_000n],
                [A, 5_000n],
                [null, 0n],
              ],
            ),
          ],
        },
        items,
      );
    }).not.toThrow();
  });

  it('refuses a payment that differs from what was shown, or one output counted twice', () => {
    expect(() => {
      checkPays({ txs: [tx(['h1'], [[B, 10_001n]])] }, items);
    }).toThrow(/does not pay what was shown/);
    expect(() => {
      checkPays({ txs: [tx(['h1'], [[A, 10_000n]])] }, items);
    }).toThrow(/does not pay/);
    expect(() => {
      checkPays({ txs: [tx(['h1', 'h1'], [[B, 10_000n]])] }, items);
    }).toThrow(/does not pay/);
    expect(() => {
      checkPays({ txs: [tx(['h3'], [[B, 10_000n]])] }, items);
    }).toThrow(/does not pay/);
  });
});
