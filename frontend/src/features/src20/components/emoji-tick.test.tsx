import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { renderWithProviders } from '@/testing/render';
import type { Src20Item } from '../types';
import { Src20Balances } from './address-src20';
import { Src20Card } from './src20-card';
import { trendingBars } from './trending-charts';

/** The tick 🐸 as the API names it: by its characters. */
const FROG = '🐸';
const FROG_HREF = '/src20/tick/%F0%9F%90%B8';

const mint: Src20Item = {
  tick: FROG,
  op: 'MINT',
  amount: '1000',
  creator: 'bc1qcreatorcreatorcreator',
  destination: 'bc1qcreatorcreatorcreator',
  blockIndex: 800000,
  timestamp: 1690000000,
  stamp: 123,
  cpid: 'A123',
  hostedUrl: null,
  txHash: 'tx-frog',
  isInvalid: false,
  status: '',
};

describe('an emoji tick', () => {
  it('has a percent-encoded page link that decodes back to the tick', () => {
    expect(paths.src20Tick.getHref(FROG)).toBe(FROG_HREF);
    expect(decodeURIComponent(FROG_HREF.slice('/src20/tick/'.length))).toBe(FROG);
    expect(paths.src20Tick.getHref('A/B?')).toBe('/src20/tick/A%2FB%3F');
  });

  it('shows as given on a finder card, linking to its page', () => {
    renderWithProviders(
      <ul>
        <Src20Card item={mint} />
      </ul>,
    );
    const link = screen.getByRole('link', { name: FROG });
    expect(link).toHaveAttribute('href', FROG_HREF);
    expect(screen.queryByText(/\\U0001f438/i)).not.toBeInTheDocument();
  });

  it("is a trending bar's label as given, which opens its page", () => {
    const { bars, summary } = trendingBars({ columns: ['tick', 'count'], tuple: [[FROG, 12]] }, 'mints');
    expect(bars[0]?.label).toBe(FROG);
    expect(summary).toBe(`${FROG}: 12 mints`);
    expect(paths.src20Tick.getHref(bars[0]?.label ?? '')).toBe(FROG_HREF);
  });

  it("links a profile's balance of it to its page", () => {
    renderWithProviders(<Src20Balances balances={[{ tick: FROG, address: 'bc1qholder', balance: '5' }]} />);
    const table = screen.getByRole('table', { name: 'SRC-20 balances' });
    expect(within(table).getByRole('link', { name: FROG })).toHaveAttribute('href', FROG_HREF);
  });
});
