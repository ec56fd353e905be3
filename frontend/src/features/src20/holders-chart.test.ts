import { describe, expect, it } from 'vitest';
import { sliceColor } from '@/components/charts/chart-rules';
import { HOLDERS_LEGEND_SIZE, holderSlices } from './holders-chart';

function holder(index: number) {
  return {
    address: `bc1qholder${String(index).padStart(4, '0')}xxxxxxxxxx`,
    amount: String(1000 - index),
    percentage: '1.00',
  };
}

describe('holderSlices', () => {
  it('keeps the 50 largest holders in order, each in its own colour', () => {
    const slices = holderSlices(Array.from({ length: 60 }, (_, index) => holder(index)));
    expect(HOLDERS_LEGEND_SIZE).toBe(50);
    expect(slices).toHaveLength(50);
    expect(slices[0]).toMatchObject({ address: holder(0).address, value: 1000, color: sliceColor(0) });
    expect(slices[49]?.address).toBe(holder(49).address);
  });

  it("leaves 'Unclaimed' out", () => {
    const slices = holderSlices([{ address: 'Unclaimed', amount: '900', percentage: '90.00' }, holder(1)]);
    expect(slices.map((slice) => slice.address)).toEqual([holder(1).address]);
  });

  it('labels a holder by its shortened address and says its share of the max and amount', () => {
    const [slice] = holderSlices([
      { address: 'bc1qholderoneholderoneholderone', amount: '5000000', percentage: '23.80' },
    ]);
    expect(slice).toMatchObject({ label: 'bc1qh...erone', valueText: '23.8% (5M)' });
  });
});
