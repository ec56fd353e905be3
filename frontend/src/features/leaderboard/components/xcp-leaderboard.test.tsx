import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, requestedUrl, stubFetchRoutes } from '@/testing/render';
import type { XcpCollector } from '../types';
import { Leaderboard } from './leaderboard';

function holder(rank: number, overrides: Partial<XcpCollector> = {}): XcpCollector {
  return {
    rank,
    user_id: `bc1qholder${String(rank)}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxyz`,
    display_name: null,
    xcp_count: 1500,
    xcp_created_count: 2,
    xcp_destroyed_count: 7,
    xcp_ids: ['PEPECASH', 'A12345678901234567'],
    xcp_destruction_ids: ['RAREPEPE'],
    ...overrides,
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderXcpBoard(route: string, hits: unknown[], total = hits.length) {
  const fetchMock = stubFetchRoutes(() => ({ body: { hits, estimatedTotalHits: total, offset: 0, limit: 20 } }));
  renderWithProviders(
    <Routes>
      <Route
        path="/leaderboard"
        element={
          <>
            <Leaderboard />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { route, site: 'xcp' },
  );
  return fetchMock;
}

function lastCall(fetchMock: ReturnType<typeof stubFetchRoutes>): URL {
  return new URL(requestedUrl(fetchMock.mock.calls.at(-1)?.[0]));
}

describe('Leaderboard on the XCP site', () => {
  it('ranks the holders of Counterparty assets from /api/xcp/leaderboard, their assets linking to /asset', async () => {
    const fetchMock = renderXcpBoard('/leaderboard?page=2', [holder(21, { display_name: 'bob' }), holder(22)], 45);
    const list = await screen.findByRole('list', { name: 'The best collectors' });
    // The ranking's own items (each card holds lists of its own).
    const [first, second] = Array.from(list.children);
    const bob = within(first as HTMLElement);
    expect(bob.getByRole('link', { name: 'bob' })).toHaveAttribute('href', '/profile/bob');
    expect(bob.getByText('1,500')).toBeInTheDocument();
    expect(
      within(bob.getByRole('list', { name: 'Assets held' })).getByRole('link', { name: 'PEPECASH' }),
    ).toHaveAttribute('href', '/asset/PEPECASH');
    expect(within(second as HTMLElement).getByRole('link', { name: 'bc1qh...xxxyz' })).toBeInTheDocument();
    expect(screen.getByText('1 - 2 of 45 results')).toBeInTheDocument();

    const url = lastCall(fetchMock);
    expect(url.pathname).toBe('/api/xcp/leaderboard');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', limit: '20' });
    expect(screen.getByRole('button', { name: 'Assets' })).toHaveAttribute('aria-pressed', 'true');
    // The Stamps site's valuations are not the XCP ranking's.
    expect(screen.queryByRole('button', { name: 'Floor valuation' })).not.toBeInTheDocument();
  });

  it(
    "sorts by destroyed: the title strikes 'best' and adds " + "'wtf?', the destroyed assets show, the page resets",
    async () => {
      const fetchMock = renderXcpBoard('/leaderboard?page=3', [holder(1)], 60);
      await screen.findByRole('list', { name: 'The best collectors' });
      fireEvent.click(screen.getByRole('button', { name: 'Destroyed' }));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/leaderboard\?sort=xcp_destroyed_count$/);
      const title = screen.getByRole('heading', { level: 2 });
      expect(title).toHaveTextContent('The best wtf? collectors');
      expect(within(title).getByText('best').tagName).toBe('DEL');
      expect(await screen.findByRole('link', { name: 'RAREPEPE' })).toHaveAttribute('href', '/asset/RAREPEPE');
      expect(Object.fromEntries(lastCall(fetchMock).searchParams)).toEqual({
        sort: 'xcp_destroyed_count',
        page: '1',
        limit: '20',
      });
    },
  );

  it("a project's ranking is its collection's stamps, from /api/leaderboard", async () => {
    const fetchMock = renderXcpBoard('/leaderboard?project=pixel-art', []);
    expect(await screen.findByText('NO RESULTS')).toBeInTheDocument();
    const url = lastCall(fetchMock);
    expect(url.pathname).toBe('/api/leaderboard');
    expect(Object.fromEntries(url.searchParams)).toEqual({ project: 'pixel-art', page: '1', limit: '20' });
  });
});
