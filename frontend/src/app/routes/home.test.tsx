import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeCollection } from '@/features/collections/fixtures';
import { MARKET_STATS_WAIT_MS } from '@/features/collections/components/home-collections';
import type { MarketStatsRow } from '@/lib/realtime';
import { sendLiveValue } from '@/testing/event-source';
import { renderWithProviders, stubFetchRoutes } from '@/testing/render';
import { Component as Home } from './home';

/** A row of the live market list. */
function statsRow(id: string, name: string, overrides: Partial<MarketStatsRow> = {}): MarketStatsRow {
  return {
    id,
    name,
    holders: 1234,
    uniqueFloorPrice: 54000,
    oneDayVolume: { volume: 150000000, variation: 12.5 },
    oneWeekVolume: { volume: 250000000, variation: -3.25 },
    oneMonthVolume: { volume: 900000000, variation: null },
    totalVolume: 123456789000,
    marketCap: 2268000,
    ...overrides,
  };
}

const stamp = (cpid: string, number: number) => ({
  cpid,
  stamp: number,
  block_index: 800000,
  block_time: 1690000000,
  tx_hash: 'f'.repeat(64),
  creator: 'bc1qcreatoraddressxxxxxxxxxxxxxxxxxx',
  supply: '1',
  divisible: false,
  locked: true,
  keyburn: false,
  ident: 'STAMP',
  is_cursed: false,
  stamp_mimetype: 'image/png',
  stamp_url: `/s/${cpid}`,
});

const home = {
  lastSales: [
    {
      cpid: 'A1',
      stamp: 11,
      stamp_url: '/s/A1',
      tx_hash: 'a'.repeat(64),
      timestamp: 1680000600,
      destination: 'bc1qbuyeraddress000000000000000000000abcde',
      quantity: '2',
      btc_amount: 54000,
    },
  ],
  newDispenser: [
    {
      cpid: 'A2',
      stamp: 22,
      stamp_url: '/s/A2',
      tx_hash: 'b'.repeat(64),
      timestamp: 1680000600,
      source: 'bc1qselleraddress00000000000000000000fghij',
      give_quantity: '1',
      give_remaining: '5',
      satoshi_price: 150000000,
    },
  ],
  src721Collections: [],
  src721: [stamp('A3', 33)],
  classic: [stamp('A4', 44)],
};

/** `count` SRC-721 collection cards, as the home call's `src721Collections` lists them (trending first). */
function src721Collections(count: number) {
  return Array.from({ length: count }, (_, index) =>
    makeCollection({ collection_id: `c${String(index)}`, name: `Col${String(index)}`, type: 'src721' }),
  );
}

/** The paths the page asked the API. */
function requestedPaths(fetchMock: ReturnType<typeof stubFetchRoutes>): string[] {
  return fetchMock.mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : String(input)).pathname);
}

function headings(): string[] {
  return screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
}

describe('Home', () => {
  it("shows the served sections in the spec's order, hiding those whose API answers 404", async () => {
    const fetchMock = stubFetchRoutes((url) =>
      url.pathname === '/api/home' ? { body: home } : { status: 404, body: { error: 'not found' } },
    );
    renderWithProviders(<Home />);
    await sendLiveValue('stats', []);
    expect(await screen.findByText('#11')).toBeInTheDocument();
    expect(headings()).toEqual(['SRC-20', 'Last sales', 'Recent listings', 'Latest SRC-721', 'Latest art stamps']);

    const sales = screen.getByRole('list', { name: 'Last sales' });
    expect(within(sales).getByRole('link')).toHaveAttribute('href', '/stamp/A1');
    expect(sales).toHaveTextContent('0.00054 BTC');
    expect(sales).toHaveTextContent('bc1qb...abcde');
    const listings = screen.getByRole('list', { name: 'Recent listings' });
    expect(listings).toHaveTextContent('1.5 BTC');
    expect(listings).toHaveTextContent('5 left');
    expect(screen.getByText('#33')).toBeInTheDocument();
    expect(screen.getByText('#44')).toBeInTheDocument();
    // The SRC-721 collections come with the home call: no call of their own.
    expect(requestedPaths(fetchMock)).toEqual(['/api/home']);
  });

  it("shows the home call's launchpads after the market stats", async () => {
    const launchpad = makeCollection({ collection_id: 'lp', name: 'Goose', is_launchpad: true });
    const fetchMock = stubFetchRoutes((url) =>
      url.pathname === '/api/home' ? { body: { ...home, launchpads: [launchpad] } } : { status: 404, body: {} },
    );
    renderWithProviders(<Home />);
    await sendLiveValue('stats', [statsRow('pepes', 'Pepes')]);
    const launchpads = await screen.findByRole('list', { name: 'Launchpads' });
    expect(within(launchpads).getByRole('link')).toHaveAttribute('href', '/collection/lp');
    expect(headings().slice(0, 5)).toEqual(['Launchpad', 'SRC-20', 'Market stats', 'Launchpads', 'Last sales']);
    const queries = fetchMock.mock.calls.map(
      ([input]) => new URL(input instanceof Request ? input.url : String(input)).search,
    );
    expect(queries.some((query) => query.includes('launchpad'))).toBe(false);
  });

  it("advertises the launchpad and the SRC-20 features in the spec's words, each linking to its place", async () => {
    const launchpad = makeCollection({ collection_id: 'lp', name: 'Goose', is_launchpad: true });
    stubFetchRoutes((url) =>
      url.pathname === '/api/home' ? { body: { ...home, launchpads: [launchpad] } } : { status: 404, body: {} },
    );
    renderWithProviders(<Home />);
    await sendLiveValue('stats', []);
    const promos = await screen.findByRole('list', { name: 'Highlights' });
    const [launchpadBlock, src20Block] = Array.from(promos.querySelectorAll<HTMLElement>(':scope > li'));
    expect(launchpadBlock).toHaveTextContent('Bulk SRC-721 traits mint');
    expect(launchpadBlock).toHaveTextContent('Up to 30% lower mint fees');
    expect(launchpadBlock).toHaveTextContent('3% creator royalties on secondary sales');
    const toLaunchpads = within(launchpadBlock ?? promos).getByRole('link', { name: /See the launchpads/ });
    expect(toLaunchpads).toHaveAttribute('href', '#launchpads-title');
    expect(document.getElementById('launchpads-title')).toHaveTextContent('Launchpads');
    expect(src20Block).toHaveTextContent('Royalties for the tick deployer on mint');
    expect(src20Block).toHaveTextContent('Stamp airdrop on mint');
    expect(within(src20Block ?? promos).getByRole('link', { name: /Explore SRC-20/ })).toHaveAttribute(
      'href',
      '/src20/search',
    );
    expect(within(promos).queryByText(/wallet integration/i)).not.toBeInTheDocument();
  });

  it('leaves out the launchpad block without launchpads', async () => {
    stubFetchRoutes((url) => (url.pathname === '/api/home' ? { body: home } : { status: 404, body: {} }));
    renderWithProviders(<Home />);
    await sendLiveValue('stats', []);
    const promos = await screen.findByRole('list', { name: 'Highlights' });
    expect(within(promos).queryByText('Bulk SRC-721 traits mint')).not.toBeInTheDocument();
    expect(within(promos).getByText('Stamp airdrop on mint')).toBeInTheDocument();
  });

  it('uses the XCP wording and links on the XCP site', async () => {
    stubFetchRoutes((url) => (url.pathname === '/api/home' ? { body: home } : { status: 404, body: {} }));
    renderWithProviders(<Home />, { site: 'xcp' });
    await sendLiveValue('xcp-stats', []);
    expect(await screen.findByRole('heading', { level: 2, name: 'Latest assets' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Highlights' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Last sales' })).getByRole('link')).toHaveAttribute(
      'href',
      '/asset/A1',
    );
  });

  it("adds the live market stats and the home call's SRC-721 collections once the stream answers", async () => {
    const fetchMock = stubFetchRoutes((url) =>
      url.pathname === '/api/home'
        ? { body: { ...home, src721Collections: src721Collections(11) } }
        : { status: 404, body: { error: 'not found' } },
    );
    renderWithProviders(<Home />);
    await sendLiveValue('xcp-stats', [statsRow('directory', 'A directory')]);
    // The Stamps site waits for its own list.
    expect(screen.queryByRole('heading', { name: 'Last sales' })).not.toBeInTheDocument();
    await sendLiveValue('stats', [statsRow('pepes', 'Pepes'), { id: 'broken' }, statsRow('cats', '')]);
    await waitFor(() => {
      expect(headings()).toEqual([
        'SRC-20',
        'Market stats',
        'Last sales',
        'Recent listings',
        'SRC-721 collections',
        'Latest SRC-721',
        'Latest art stamps',
      ]);
    });
    const table = screen.getByRole('table', { name: 'Market stats' });
    const rows = within(table).getAllByRole('row').slice(1);
    // The malformed row is left out; a row without a name shows its id.
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['Pepes', 'cats']);
    expect(within(rows[0] as HTMLElement).getByRole('link')).toHaveAttribute('href', '/collection/pepes');
    expect(rows[0]).toHaveTextContent('1,234');
    expect(rows[0]).toHaveTextContent('0.00054 BTC');
    expect(rows[0]).toHaveTextContent('1.5 BTC');
    expect(within(rows[0] as HTMLElement).getByText('up +12.5%')).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: /A directory/ })).not.toBeInTheDocument();
    // 11 listed: the first 10 shown, in the home call's order, and a link to all of them.
    expect(screen.getByRole('link', { name: 'See all ›' })).toHaveAttribute('href', '/collections');
    const cards = within(screen.getByRole('list', { name: 'Collections' })).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('link').getAttribute('href'))).toEqual(
      src721Collections(10).map((collection) => `/collection/${collection.collection_id}`),
    );
    expect(requestedPaths(fetchMock)).not.toContain('/api/collections');
    // The figures come from the live list, not from a collections call.
    const queries = fetchMock.mock.calls.map(
      ([input]) => new URL(input instanceof Request ? input.url : String(input)).search,
    );
    expect(queries.some((query) => query.includes('total_volume'))).toBe(false);

    // A new value of the list replaces the table's rows.
    await sendLiveValue('stats', [statsRow('dogs', 'Dogs')]);
    await waitFor(() => {
      expect(within(screen.getByRole('table', { name: 'Market stats' })).getByRole('link')).toHaveTextContent('Dogs');
    });
  });

  it("reads the XCP site's market list (xcp-stats) on the XCP site", async () => {
    stubFetchRoutes((url) => (url.pathname === '/api/home' ? { body: home } : { status: 404, body: {} }));
    renderWithProviders(<Home />, { site: 'xcp' });
    await sendLiveValue('stats', [statsRow('pepes', 'Pepes')]);
    await sendLiveValue('xcp-stats', [statsRow('pixel-art', 'Pixel art')]);
    const table = await screen.findByRole('table', { name: 'Market stats' });
    expect(within(table).getByRole('link')).toHaveAttribute('href', '/collection/pixel-art');
    expect(table).not.toHaveTextContent('Pepes');
  });

  it('shows the sections below the first screen without market stats when the live list does not come', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      stubFetchRoutes((url) => (url.pathname === '/api/home' ? { body: home } : { status: 404, body: {} }));
      renderWithProviders(<Home />);
      await waitFor(() => {
        expect(screen.getByRole('status')).toBeInTheDocument();
      });
      expect(screen.queryByRole('heading', { name: 'Last sales' })).not.toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(MARKET_STATS_WAIT_MS);
      });
      expect(await screen.findByRole('heading', { name: 'Last sales' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Market stats' })).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('has no see-all link with 10 SRC-721 collections or fewer', async () => {
    stubFetchRoutes((url) =>
      url.pathname === '/api/home'
        ? { body: { ...home, src721Collections: src721Collections(10) } }
        : { status: 404, body: { error: 'not found' } },
    );
    renderWithProviders(<Home />);
    await sendLiveValue('stats', []);
    expect(await screen.findByRole('heading', { name: 'SRC-721 collections' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Collections' })).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.queryByRole('link', { name: 'See all ›' })).not.toBeInTheDocument();
  });

  it('hides the SRC-721 collections when the home call lists none, whatever the collections list holds', async () => {
    stubFetchRoutes((url) => {
      if (url.pathname === '/api/home') return { body: home };
      return { body: { hits: src721Collections(11), estimatedTotalHits: 11, offset: 0, limit: 50 } };
    });
    renderWithProviders(<Home />);
    await sendLiveValue('stats', []);
    expect(await screen.findByRole('heading', { name: 'Latest SRC-721' })).toBeInTheDocument();
    expect(headings()).toEqual(['SRC-20', 'Last sales', 'Recent listings', 'Latest SRC-721', 'Latest art stamps']);
    expect(screen.queryByRole('list', { name: 'Collections' })).not.toBeInTheDocument();
  });

  it('shows NO RESULTS for empty lists', async () => {
    stubFetchRoutes(() => ({ body: { lastSales: [], newDispenser: [], src721: [], classic: [] } }));
    renderWithProviders(<Home />);
    await sendLiveValue('stats', []);
    await waitFor(() => {
      expect(screen.getAllByText('NO RESULTS')).toHaveLength(4);
    });
  });

  it('shows the generic error when the home call fails', async () => {
    stubFetchRoutes(() => ({ status: 503, body: { error: 'down' } }));
    renderWithProviders(<Home />);
    await sendLiveValue('stats', []);
    await waitFor(() => {
      expect(screen.getAllByRole('alert')).toHaveLength(4);
    });
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent('An error occurred');
  });

  it('opens with the banners carousel then the featured collections, before the other sections', async () => {
    const banner = {
      collection_id: 'pepes',
      name: 'Pepe week',
      description: 'All the pepes',
      link: '/collection/pepes',
      image: 'https://img.example/pepes.png',
      icon: null,
      user_id: 'alice',
      stamp_count: 42,
      collector_count: 7,
      stamp_images: [],
    };
    const featured = [
      makeCollection({ collection_id: 'f1', name: 'First' }),
      makeCollection({ collection_id: 'f2', name: 'Second' }),
    ];
    stubFetchRoutes((url) =>
      url.pathname === '/api/home'
        ? { body: { ...home, mainBanner: [banner], featured } }
        : { status: 404, body: { error: 'not found' } },
    );
    const { container } = renderWithProviders(<Home />);
    await sendLiveValue('stats', []);
    const carousel = await screen.findByRole('region', { name: 'Highlights' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    expect(within(carousel).getByRole('group', { name: '1 of 1' })).toHaveTextContent('Pepe week');
    // The sections below the first screen follow in a second pass.
    await waitFor(() => {
      expect(headings()).toEqual([
        'Featured collections',
        'SRC-20',
        'Last sales',
        'Recent listings',
        'Latest SRC-721',
        'Latest art stamps',
      ]);
    });
    const cards = within(screen.getByRole('list', { name: 'Featured collections' })).getAllByRole('link');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/collection/f1', '/collection/f2']);
    // The carousel comes first, then the featured collections.
    const sections = container.querySelectorAll(':scope > section');
    expect(sections[0]).toBe(carousel);
    expect(sections[1]).toHaveAttribute('aria-labelledby', 'featured-collections-title');
    expect(screen.getByRole('heading', { level: 1, name: 'Bitcoin Stamps' })).toHaveClass('visually-hidden');
  });

  it('hides the carousel and the featured collections when the home lists are empty', async () => {
    stubFetchRoutes((url) =>
      url.pathname === '/api/home'
        ? { body: { ...home, mainBanner: [], featured: [] } }
        : { status: 404, body: { error: 'not found' } },
    );
    renderWithProviders(<Home />);
    await sendLiveValue('stats', []);
    expect(await screen.findByText('#11')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Highlights' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Featured collections' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Bitcoin Stamps' })).toHaveClass('hero__title');
  });
});
