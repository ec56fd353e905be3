import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, requestedUrl, stubFetchRoutes } from '@/testing/render';
import { makeCollection } from '../fixtures';
import type { Collection } from '../types';
import { LaunchpadsTab } from './launchpads-tab';

const HOUR = 3600 * 1000;
const NOW = Date.UTC(2026, 7, 20, 12, 0, 0);

function launchpad(overrides: Partial<Collection>): Collection {
  return makeCollection({ is_launchpad: true, quantity_per_mint: 1, free_mint: null, ...overrides });
}

const pixels = launchpad({
  collection_id: 'pixels',
  name: 'Pixels',
  stamp_count: 12,
  max: 100,
  fee: 0,
  public_mint: [NOW - HOUR, NOW + 2 * HOUR],
  free_mint: [NOW - HOUR, NOW + 30 * 60_000],
});
const robots = launchpad({
  collection_id: 'robots',
  name: 'Robots',
  type: 'src721',
  stamp_count: 0,
  max: 500,
  fee: 30000,
  quantity_per_mint: 2,
  public_mint: [NOW + 3 * 24 * HOUR, NOW + 9 * 24 * HOUR],
});
const gems = launchpad({
  collection_id: 'gems',
  name: 'Gems',
  stamp_count: 250,
  max: 250,
  fee: 10000,
  public_mint: [NOW - 10 * HOUR, NOW - 5 * HOUR],
});

function page(hits: Collection[]) {
  return { hits, estimatedTotalHits: hits.length, offset: 0, limit: 50 };
}

function renderTab(answer: { status?: number; body: unknown }) {
  vi.spyOn(Date, 'now').mockReturnValue(NOW);
  const fetchMock = stubFetchRoutes(() => answer);
  renderWithProviders(<LaunchpadsTab />, { route: '/mint' });
  return fetchMock;
}

describe('LaunchpadsTab', () => {
  it('asks for the launchpads, highest stamp numbers first', async () => {
    const fetchMock = renderTab({ body: page([pixels]) });
    await screen.findByRole('list', { name: 'Launchpads' });
    const url = new URL(requestedUrl(fetchMock.mock.calls[0]?.[0]));
    expect(url.pathname).toBe('/api/collections');
    expect(Object.fromEntries(url.searchParams)).toEqual({ only: 'launchpad', sort: 'highest_stamp_number:desc' });
  });

  it("shows each launchpad's phase, price and progress, linking to its collection page", async () => {
    renderTab({ body: page([pixels, robots, gems]) });
    const list = await screen.findByRole('list', { name: 'Launchpads' });
    const [open, upcoming, closed] = within(list).getAllByRole('listitem');
    if (!open || !upcoming || !closed) throw new Error('three launchpads expected');

    expect(within(open).getByRole('link', { name: 'Pixels' })).toHaveAttribute('href', '/collection/pixels');
    expect(open).toHaveTextContent('Public mint: End in 02:00:00');
    expect(within(open).getByText('FREE only for 00:30:00')).toBeInTheDocument();
    expect(open).toHaveTextContent('PriceFree');
    expect(open).toHaveTextContent('Minted12 / 100');
    expect(within(open).getByRole('progressbar', { name: 'Pixels minted' })).toHaveAttribute('aria-valuenow', '12');

    expect(within(upcoming).getByRole('link', { name: 'SRC-721 Robots' })).toHaveAttribute(
      'href',
      '/collection/robots',
    );
    expect(upcoming).toHaveTextContent('Public mint: Start in 3 days');
    expect(upcoming).toHaveTextContent('Price0.0003 BTC');
    expect(upcoming).toHaveTextContent('Minted0 / 500');
    expect(upcoming).toHaveTextContent('Per mint2/2');

    expect(closed).toHaveTextContent('Public mint is closed');
    expect(closed).toHaveTextContent('Minted250 / 250');
    expect(within(closed).getByRole('progressbar', { name: 'Gems minted' })).toHaveAttribute('aria-valuenow', '100');
  });

  it("says 'NO RESULTS' when there is no launchpad", async () => {
    renderTab({ body: page([]) });
    expect(await screen.findByText('NO RESULTS')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Launchpads' })).not.toBeInTheDocument();
  });

  it('shows the error notice when the call fails', async () => {
    renderTab({ status: 500, body: { error: 'down' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred');
  });
});
