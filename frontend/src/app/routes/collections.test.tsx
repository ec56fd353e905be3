import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteVariant } from '@/config/site';
import { BurnedTab, CollectorsTab } from '@/features/collections/components/ranked-lists';
import { makeCollection } from '@/features/collections/fixtures';
import { forgetGooseData } from '@/features/collections/use-goose-data';
import { makeTestStore, requestedUrl, stubFetchRoutes, type StubAnswer } from '@/testing/render';
import { Component as CollectionRoute } from './collection';
import { Component as StampsRoute } from './collection-stamps';
import { Component as CollectionsRoute } from './collections';
import { Component as DirectoriesRoute } from './directories';

function renderAt(path: string, site: SiteVariant = 'stamps', logged = '') {
  const router = createMemoryRouter(
    [
      { path: '/collections', Component: CollectionsRoute },
      { path: '/collections/:q', Component: CollectionsRoute },
      { path: '/directories', Component: DirectoriesRoute },
      { path: '/directories/:q', Component: DirectoriesRoute },
      {
        path: '/collection/:id',
        Component: CollectionRoute,
        children: [
          { index: true, Component: StampsRoute },
          { path: 'collectors', Component: CollectorsTab },
          { path: 'burned', Component: BurnedTab },
        ],
      },
      { path: '/profile/:id', Component: () => <p>profile page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={makeTestStore(site, logged)}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

const page = <T,>(hits: T[], total = hits.length, offset = 0, limit = 50) => ({
  hits,
  estimatedTotalHits: total,
  offset,
  limit,
});

const stamp = (cpid: string, number: number) => ({
  cpid,
  stamp: number,
  stamp_url: `/s/${cpid}`,
  stamp_mimetype: 'image/png',
  ident: 'STAMP',
  creator: 'bc1qcreator',
  block_index: 1,
  supply: '1',
  is_cursed: false,
});

function where(fetchMock: ReturnType<typeof stubFetchRoutes>): URL[] {
  return fetchMock.mock.calls.map(([input]) => new URL(requestedUrl(input)));
}

afterEach(() => {
  vi.useRealTimers();
  forgetGooseData();
});

describe('directories list', () => {
  it(
    'reads /api/directories and its featured list, titles ' + 'the page Directories, and searches within directories',
    async () => {
      const fetchMock = stubFetchRoutes((url) =>
        url.pathname === '/api/directories/featured'
          ? { body: page([makeCollection({ collection_id: 'memes', name: 'Memes', user_id: 'XCP' })], 1) }
          : { body: page([makeCollection({ collection_id: 'pixel-art', name: 'Pixel art', user_id: 'XCP' })], 1) },
      );
      const router = renderAt('/directories', 'xcp');
      expect(await screen.findByRole('heading', { level: 1, name: 'Directories' })).toBeInTheDocument();
      expect(await screen.findByText('1 - 1 of 1 results')).toBeInTheDocument();
      const featured = screen.getByRole('list', { name: 'Featured directories' });
      expect(within(featured).getByRole('link')).toHaveAttribute('href', '/collection/memes');
      const urls = where(fetchMock);
      expect(urls.some((u) => u.pathname === '/api/directories')).toBe(true);
      expect(urls.some((u) => u.pathname.startsWith('/api/collections'))).toBe(false);
      expect(screen.queryByRole('button', { name: /Create a collection/ })).not.toBeInTheDocument();
      fireEvent.change(screen.getByLabelText('Search directories'), { target: { value: 'pix' } });
      fireEvent.submit(screen.getByRole('search'));
      await waitFor(() => {
        expect(router.state.location.pathname).toBe('/directories/pix');
      });
      await waitFor(() => {
        expect(where(fetchMock).some((u) => u.pathname === '/api/directories/pix')).toBe(true);
      });
    },
  );
});

describe('collections list', () => {
  it("shows the heading, the result line, sort buttons and cards, reading the list's page", async () => {
    const fetchMock = stubFetchRoutes(() => ({
      body: page([makeCollection(), makeCollection({ collection_id: 'b', name: 'Bees' })], 120, 50),
    }));
    renderAt('/collections?page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Collections' })).toBeInTheDocument();
    expect(await screen.findByText('51 - 52 of 120 results')).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Collections' })).getAllByRole('link');
    expect(cards[0]).toHaveAttribute('href', '/collection/pepes');
    expect(screen.getByRole('button', { name: 'Sort by Trending, descending' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const url = where(fetchMock).find((call) => call.pathname === '/api/collections');
    expect(url?.searchParams.get('page')).toBe('2');
    expect(url?.searchParams.get('limit')).toBe('50');
    expect(url?.searchParams.has('sort')).toBe(false);
    expect(screen.getByRole('button', { name: '+ Create a collection' })).toBeInTheDocument();
  });

  it("shows Edit on the signed-in user's own cards only, and its button opens the create form", async () => {
    stubFetchRoutes((url) =>
      url.pathname === '/api/user'
        ? { body: { user_id: 'alice', username: 'alice', addresses: [], currentAddress: '', wishlist: [] } }
        : {
            body: page([
              makeCollection(),
              makeCollection({ collection_id: 'b', name: 'Bees', user_id: 'bob' }),
              makeCollection({ collection_id: 'pad', name: 'Pad', is_launchpad: true }),
            ]),
          },
    );
    renderAt('/collections', 'stamps', 'leather');
    expect(await screen.findByRole('button', { name: 'Edit Pepes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Bees' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Pad' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '+ Create a collection' }));
    expect(screen.getByRole('dialog', { name: 'Create a collection' })).toBeInTheDocument();
  });

  it('sets a new sort ascending, flips it on a second click, drops the page, and removes the default', async () => {
    stubFetchRoutes(() => ({ body: page([makeCollection()]) }));
    const router = renderAt('/collections?page=3');
    fireEvent.click(await screen.findByRole('button', { name: 'Sort by Floor price' }));
    expect(router.state.location.search).toBe('?sort=floor_price%3Aasc');
    fireEvent.click(await screen.findByRole('button', { name: 'Sort by Floor price, ascending' }));
    expect(router.state.location.search).toBe('?sort=floor_price%3Adesc');
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Trending' }));
    expect(router.state.location.search).toBe('?sort=trending%3Aasc');
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Trending, ascending' }));
    expect(router.state.location.search).toBe('');
  });

  it('searches by path and shows NO RESULTS', async () => {
    const fetchMock = stubFetchRoutes(() => ({ body: page([]) }));
    const router = renderAt('/collections');
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search collections' }), {
      target: { value: 'pep' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/collections/pep');
    });
    expect(await screen.findByText('NO RESULTS')).toBeInTheDocument();
    expect(where(fetchMock).some((url) => url.pathname === '/api/collections/pep')).toBe(true);
  });

  it('shows the Featured list above the search bar, in curated order', async () => {
    const fetchMock = stubFetchRoutes((url) =>
      url.pathname === '/api/collections/featured'
        ? {
            body: page([
              makeCollection({ collection_id: 'z', name: 'Zebras' }),
              makeCollection({ collection_id: 'a', name: 'Ants' }),
            ]),
          }
        : { body: page([makeCollection()]) },
    );
    renderAt('/collections');
    const featured = await screen.findByRole('list', { name: 'Featured collections' });
    expect(screen.getByRole('heading', { level: 2, name: 'Featured' })).toBeInTheDocument();
    expect(
      within(featured)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/collection/z', '/collection/a']);
    const search = screen.getByRole('search');
    expect(featured.compareDocumentPosition(search) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await screen.findByText('1 - 1 of 1 results')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Collections' })).getAllByRole('link')).toHaveLength(1);
    expect(where(fetchMock).filter((url) => url.pathname === '/api/collections/featured')).toHaveLength(1);
  });

  it.each([
    ['empty', { body: page([]) }],
    ['failing', { status: 500, body: { error: 'down' } }],
  ] as const)('hides the Featured list when it is %s', async (_case, answer) => {
    stubFetchRoutes((url) =>
      url.pathname === '/api/collections/featured' ? answer : { body: page([makeCollection()]) },
    );
    renderAt('/collections');
    expect(await screen.findByText('1 - 1 of 1 results')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Featured' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Featured collections' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the error text when the list fails', async () => {
    stubFetchRoutes(() => ({ status: 500, body: {} }));
    renderAt('/collections');
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred');
  });
});

function collectionApi(collection = makeCollection(), extra: (url: URL) => StubAnswer | null = () => null) {
  return stubFetchRoutes((url) => {
    const answer = extra(url);
    if (answer) return answer;
    if (url.pathname === `/api/collection/${collection.collection_id}`) return { body: collection };
    if (url.pathname === '/api/search') return { body: page([stamp('A1', 1), stamp('A2', 2)], 30, 0, 24) };
    return { status: 404, body: { error: 'nope' } };
  });
}

describe('collection page', () => {
  it('shows the heading, creator, links, description, stats and the Stamps tab', async () => {
    const fetchMock = collectionApi();
    renderAt('/collection/pepes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pepes' })).toBeInTheDocument();
    expect(screen.getByText('Collection')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'alice' })).toHaveAttribute('href', '/profile/alice');
    expect(screen.getByRole('link', { name: 'Twitter' })).toHaveAttribute('href', 'https://x.com/pepes');
    expect(screen.getByRole('link', { name: 'Website' })).toHaveAttribute('href', 'https://pepes.example/');
    expect(screen.getByText('Rare pepes on Bitcoin.')).toBeInTheDocument();
    expect(screen.getByText('24H Vol.')).toBeInTheDocument();
    const tabs = within(screen.getByRole('navigation', { name: 'Collection tabs' })).getAllByRole('link');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('href')])).toEqual([
      ['Stamps', '/collection/pepes'],
      ['Collectors', '/collection/pepes/collectors'],
      ['Burned', '/collection/pepes/burned'],
    ]);
    expect(await screen.findByText('1 - 2 of 30 results')).toBeInTheDocument();
    expect(screen.getByText('#1')).toBeInTheDocument();
    const search = where(fetchMock).find((url) => url.pathname === '/api/search');
    expect(search?.searchParams.get('collection')).toBe('pepes');
    await waitFor(() => {
      expect(document.title).toBe('Collection: Pepes');
    });
  });

  it("filters and sorts the Stamps tab with the finder's rules, each change dropping the page", async () => {
    const fetchMock = collectionApi();
    const router = renderAt('/collection/pepes?page=2');
    expect(await screen.findByText('#1')).toBeInTheDocument();
    const first = where(fetchMock).find((url) => url.pathname === '/api/search');
    expect(first?.searchParams.get('sort')).toBe('stamp:asc');
    expect(first?.searchParams.get('page')).toBe('2');
    fireEvent.click(screen.getByRole('checkbox', { name: 'GIF' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Total volume' }));
    expect(router.state.location.search).toBe('?types=gif&sort=total_volume%3Adesc');
    await waitFor(() => {
      const last = where(fetchMock)
        .filter((url) => url.pathname === '/api/search')
        .at(-1);
      expect(Object.fromEntries(last?.searchParams ?? [])).toEqual({
        collection: 'pepes',
        page: '1',
        limit: '100',
        types: 'gif',
        sort: 'total_volume:desc',
      });
    });
  });

  it('reads Launchpad collection, COMMUNITY plain, no stats without day volume, Assets on the XCP site', async () => {
    collectionApi(makeCollection({ is_launchpad: true, user_id: 'COMMUNITY', day_volume: null, type: 'src721' }));
    renderAt('/collection/pepes', 'xcp');
    expect(await screen.findByRole('heading', { level: 1, name: 'SRC-721 Pepes' })).toBeInTheDocument();
    expect(screen.getByText('Launchpad collection')).toBeInTheDocument();
    expect(screen.getByText('Creator COMMUNITY')).toBeInTheDocument();
    expect(screen.queryByText('24H Vol.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Assets' })).toBeInTheDocument();
  });

  it("shows a launchpad's tool under its heading", async () => {
    const launchpadInfo = {
      history: [],
      totalMinters: 3,
      firstMintDate: 1786834167,
      lastMintDate: 1786877967,
      topMinters: [],
    };
    const answers = (url: URL): StubAnswer | null =>
      url.pathname.startsWith('/api/launchpad/') ? { body: launchpadInfo } : null;
    collectionApi(makeCollection({ is_launchpad: true, public_mint: [0, 1], max: 100 }), answers);
    renderAt('/collection/pepes');
    expect(await screen.findByText('Launchpad collection')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Launchpad stats' })).toHaveTextContent('Minters3');
    expect(screen.getByRole('region', { name: 'Mint' })).toHaveTextContent('Public mint is closed');
  });

  it('shows the goose tool, not the generic one, for the goose launchpad', async () => {
    const fetchMock = collectionApi(
      makeCollection({ collection_id: 'goose', is_launchpad: true, public_mint: [0, 1] }),
      (url) => (url.pathname === '/api/launchpad/goose' ? { body: { totalMinters: 7, topMinters: [] } } : null),
    );
    renderAt('/collection/goose');
    expect(await screen.findByText('Launchpad collection')).toBeInTheDocument();
    const tool = await screen.findByRole('region', { name: 'Random goose' });
    expect(tool).toHaveTextContent('Goose data can take up to 2 minutes to load.');
    expect(await screen.findByRole('region', { name: 'Launchpad stats' })).toHaveTextContent('Minters7');
    expect(screen.queryByRole('region', { name: 'Mint' })).not.toBeInTheDocument();
    expect(document.head.querySelector('script[src="/goose/data.js"]')).not.toBeNull();
    expect(where(fetchMock).some((url) => url.pathname.startsWith('/api/wallet/mint/preview'))).toBe(false);
  });

  it('shows no launchpad tool for a collection that is no launchpad, even with the id goose', async () => {
    const fetchMock = collectionApi(makeCollection({ collection_id: 'goose', is_launchpad: false }));
    renderAt('/collection/goose');
    expect(await screen.findByText('#1')).toBeInTheDocument();
    expect(screen.getByText('Collection')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Random goose' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Mint' })).not.toBeInTheDocument();
    expect(where(fetchMock).some((url) => url.pathname.startsWith('/api/launchpad'))).toBe(false);
  });

  it('hides a creator that is XCP or longer than 20 characters; Directory on the XCP site', async () => {
    collectionApi(makeCollection({ user_id: 'XCP' }));
    renderAt('/collection/pepes', 'xcp');
    expect(await screen.findByText('Directory')).toBeInTheDocument();
    expect(screen.queryByText(/Creator/)).not.toBeInTheDocument();
  });

  it("shows the server's message for a missing collection", async () => {
    stubFetchRoutes(() => ({ status: 404, body: { error: 'collection not found' } }));
    renderAt('/collection/nope');
    expect(await screen.findByText('collection not found')).toBeInTheDocument();
  });

  it('shows NO RESULTS for a collection without stamps', async () => {
    collectionApi(makeCollection(), (url) => (url.pathname === '/api/search' ? { body: page([], 0, 0, 24) } : null));
    renderAt('/collection/pepes');
    expect(await screen.findByText('NO RESULTS')).toBeInTheDocument();
    expect(screen.getByText('0 results')).toBeInTheDocument();
  });

  it('lists ranked collectors with profile links and their stamps', async () => {
    const fetchMock = collectionApi(makeCollection(), (url) =>
      url.pathname === '/api/collection/pepes/collectors'
        ? {
            body: page(
              [
                {
                  rank: 1,
                  address: 'bc1qaaaaa000000000000000000000000000zzzzz',
                  user_id: 'bob',
                  display_name: 'Bob',
                  stamp_count: 9,
                  stamps: [{ cpid: 'A1', url: '/s/A1' }],
                },
                {
                  rank: 2,
                  address: 'bc1qbbbbb000000000000000000000000000yyyyy',
                  user_id: null,
                  display_name: null,
                  stamp_count: 3,
                  stamps: [],
                },
              ],
              2,
              0,
              20,
            ),
          }
        : null,
    );
    renderAt('/collection/pepes/collectors?page=2');
    const list = await screen.findByRole('list', { name: 'Collectors' });
    expect(within(list).getByRole('link', { name: 'Bob' })).toHaveAttribute('href', '/profile/bob');
    expect(within(list).getByText('bc1qb...yyyyy')).toBeInTheDocument();
    expect(within(list).getByText('9 stamps')).toBeInTheDocument();
    expect(within(list).getByRole('img', { name: 'Stamp A1' })).toHaveAttribute('src', '/s/A1');
    const call = where(fetchMock).find((url) => url.pathname.endsWith('/collectors'));
    expect(call?.searchParams.get('page')).toBe('2');
  });

  it('lists burned entries with the count and at most 10 stamps', async () => {
    const stamps = Array.from({ length: 12 }, (_, index) => ({
      cpid: `B${String(index)}`,
      url: `/s/B${String(index)}`,
    }));
    collectionApi(makeCollection(), (url) =>
      url.pathname === '/api/collection/pepes/burned'
        ? {
            body: page(
              [{ rank: 1, address: 'bc1qburner', user_id: null, display_name: null, destroyed_count: 12, stamps }],
              1,
              0,
              20,
            ),
          }
        : null,
    );
    renderAt('/collection/pepes/burned');
    const list = await screen.findByRole('list', { name: 'Burned' });
    expect(screen.getByText('1 - 1 of 1 results')).toBeInTheDocument();
    expect(within(list).getByText('12 destroyed')).toBeInTheDocument();
    expect(within(list).getAllByRole('img')).toHaveLength(10);
  });
});

describe('slideshow', () => {
  it('opens from the selector with the defaults, keeps the parameter out of the search call, and closes', async () => {
    const fetchMock = collectionApi();
    const router = renderAt('/collection/pepes');
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate 3D' }));
    expect(router.state.location.search).toBe('?slideshow=rotate3d%2C3%2C3%2C0');
    const dialog = await screen.findByRole('dialog', { name: 'Slideshow' });
    expect(within(dialog).getByRole('combobox', { name: 'Type' })).toHaveValue('rotate3d');
    expect(within(dialog).getByRole('spinbutton', { name: 'Speed' })).toHaveValue(3);
    expect(within(dialog).getByRole('spinbutton', { name: 'Image per row' })).toHaveValue(3);
    expect(within(dialog).getByRole('spinbutton', { name: 'Mode' })).toHaveValue(0);
    expect(where(fetchMock).every((url) => !url.searchParams.has('slideshow'))).toBe(true);

    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Speed' }), { target: { value: '9' } });
    expect(router.state.location.search).toBe('?slideshow=rotate3d%2C5%2C3%2C0');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close slideshow' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(router.state.location.search).toBe('');
  });

  it('reads the parameter, clamps the mode for scroll, and hides the controls after 2.5 s idle', async () => {
    collectionApi();
    renderAt('/collection/pepes?slideshow=scroll,2,4,3');
    const dialog = await screen.findByRole('dialog', { name: 'Slideshow' });
    vi.useFakeTimers();
    fireEvent.mouseMove(dialog);
    expect(within(dialog).getByRole('spinbutton', { name: 'Mode' })).toHaveValue(1);
    expect(within(dialog).getByRole('spinbutton', { name: 'Image per row' })).toHaveValue(4);
    const controls = within(dialog).getByTestId('slideshow-controls');
    act(() => {
      vi.advanceTimersByTime(2499);
    });
    expect(controls).toBeVisible();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(controls).not.toBeVisible();
    fireEvent.mouseMove(dialog);
    expect(controls).toBeVisible();
  });
});
