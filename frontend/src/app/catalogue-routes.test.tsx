import { render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteVariant } from '@/config/site';
import { stubFetchRoutes } from '@/testing/render';
import { routes } from './router';
import { makeStore } from './store';

function renderApp(path: string, site: SiteVariant = 'stamps') {
  const store = makeStore({ site: { variant: site } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

function emptyLists() {
  return stubFetchRoutes((url) =>
    url.pathname.startsWith('/api/profile/')
      ? {
          body: {
            user_id: 'bc1qxyz',
            addresses: ['bc1qxyz'],
            stamp_count: 0,
            stamp_created_count: 0,
            floor_valuation: 0,
            last_sale_valuation: 0,
            src20: [],
          },
        }
      : { body: { hits: [], estimatedTotalHits: 0, offset: 0, limit: 24 } },
  );
}

describe('catalogue routes', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  it('serves the leaderboard, linked from the navigation of both sites', async () => {
    emptyLists();
    renderApp('/leaderboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Leaderboard' })).toBeInTheDocument();
    expect(await screen.findByText('NO RESULTS')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Leaderboard' })).toHaveAttribute('href', '/leaderboard');
    await waitFor(() => {
      expect(document.title).toBe('Leaderboard');
    });
  });

  it.each([
    ['xcp', '/fairmint', 'FairMint'],
    ['xcp', '/fairmint/pepe', 'FairMint: pepe'],
    ['stamps', '/fairmint', 'Fairmint'],
  ] as const)('serves the fairminter list on the %s site at %s', async (site, path, title) => {
    emptyLists();
    renderApp(path, site);
    expect(await screen.findByRole('heading', { level: 1, name: title.split(':')[0] })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe(title);
    });
  });

  it('links FairMint from the XCP navigation only', async () => {
    emptyLists();
    renderApp('/leaderboard', 'xcp');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'FairMint' })).toHaveAttribute('href', '/fairmint');
  });

  it('serves a profile at /profile/{id}', async () => {
    emptyLists();
    renderApp('/profile/bc1qxyz');
    expect(await screen.findByRole('heading', { level: 1, name: 'bc1qxyz' })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Profile: bc1qxyz');
    });
  });

  it('shows the SRC-20 finder when its trending charts fail, fetching them no more than twice', async () => {
    const fetchMock = stubFetchRoutes((url) =>
      url.pathname === '/api/src20/trending'
        ? { status: 500, body: { error: 'down' } }
        : { body: { hits: [], estimatedTotalHits: 0, offset: 0, limit: 24 } },
    );
    renderApp('/src20/search');
    expect(await screen.findByText('NO RESULTS')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Trending' })).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const trendingCalls = fetchMock.mock.calls.filter(([input]) =>
      (input instanceof Request ? input.url : String(input)).includes('/api/src20/trending'),
    );
    expect(trendingCalls.length).toBeLessThanOrEqual(2);
  });
});
