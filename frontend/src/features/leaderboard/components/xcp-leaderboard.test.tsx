import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
    floor_valuation: 123456789000,
    last_sale_valuation: 27000,
    destruction_valuation: 54000,
    stamps: [
      { cpid: 'PEPECASH', url: 'https://img.example/pepecash.png' },
      { cpid: 'A12345678901234567', url: null },
    ],
    destroyed_stamps: [{ cpid: 'RAREPEPE', url: '/s/RAREPEPE' }],
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
  it(
    'ranks the holders of Counterparty assets from /api/xcp/leaderboard, with their valuations in BTC and their ' +
      'assets as thumbnails linking to /asset',
    async () => {
      const fetchMock = renderXcpBoard('/leaderboard?page=2', [holder(21, { display_name: 'bob' }), holder(22)], 45);
      const list = await screen.findByRole('list', { name: 'The best collectors' });
      // The ranking's own items (each card holds lists of its own).
      const [first, second] = Array.from(list.children);
      const bob = within(first as HTMLElement);
      expect(bob.getByRole('link', { name: 'bob' })).toHaveAttribute('href', '/profile/bob');
      expect(bob.getByText('1,500')).toBeInTheDocument();
      const fact = (term: string) => bob.getByText(term, { selector: 'dt' }).nextElementSibling;
      expect(fact('Floor valuation')).toHaveTextContent(/^1,234\.56789 BTC$/);
      expect(fact('Last sale valuation')).toHaveTextContent(/^0\.00027 BTC$/);
      expect(bob.queryByText('Destruction valuation')).not.toBeInTheDocument();

      const held = within(bob.getByRole('list', { name: 'Assets held' }));
      expect(held.getByRole('img', { name: 'Asset PEPECASH' })).toHaveAttribute(
        'src',
        'https://img.example/pepecash.png',
      );
      expect(held.getByRole('link', { name: 'Asset PEPECASH' })).toHaveAttribute('href', '/asset/PEPECASH');
      // An asset without an image: its name as a text tile, still linking to its page.
      const noImage = held.getByRole('link', { name: 'Asset A12345678901234567' });
      expect(noImage).toHaveAttribute('href', '/asset/A12345678901234567');
      expect(noImage.querySelector('img')).toBeNull();
      expect(noImage).toHaveTextContent('A12345678901234567');
      expect(bob.queryByRole('link', { name: 'Asset RAREPEPE' })).not.toBeInTheDocument();

      expect(within(second as HTMLElement).getByRole('link', { name: 'bc1qh...xxxyz' })).toBeInTheDocument();
      expect(screen.getByText('1 - 2 of 45 results')).toBeInTheDocument();

      const url = lastCall(fetchMock);
      expect(url.pathname).toBe('/api/xcp/leaderboard');
      expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', limit: '20' });
      expect(screen.getByRole('button', { name: 'Assets' })).toHaveAttribute('aria-pressed', 'true');
      const sorts = within(screen.getByRole('group', { name: 'Sort' })).getAllByRole('button');
      expect(sorts.map((button) => button.textContent)).toEqual([
        'Assets',
        'Created',
        'Destroyed',
        'Floor valuation',
        'Last sale valuation',
        'Destruction valuation',
      ]);
      expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/^The best collectors$/);
    },
  );

  it('shows the name of an asset whose image fails to load', async () => {
    renderXcpBoard('/leaderboard', [holder(1)]);
    const image = await screen.findByRole('img', { name: 'Asset PEPECASH' });
    expect(image.tagName).toBe('IMG');
    fireEvent.error(image);
    const tile = screen.getByRole('img', { name: 'Asset PEPECASH' });
    expect(tile.tagName).toBe('DIV');
    expect(tile).toHaveTextContent('PEPECASH');
    expect(screen.getByRole('link', { name: 'Asset PEPECASH' })).toHaveAttribute('href', '/asset/PEPECASH');
  });

  it("sorts by a valuation: the call asks it, the page resets, the title keeps 'best'", async () => {
    const fetchMock = renderXcpBoard('/leaderboard?page=3', [holder(1)], 60);
    await screen.findByRole('list', { name: 'The best collectors' });
    fireEvent.click(screen.getByRole('button', { name: 'Floor valuation' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/leaderboard\?sort=floor_valuation$/);
    expect(screen.getByRole('button', { name: 'Floor valuation' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => {
      expect(Object.fromEntries(lastCall(fetchMock).searchParams)).toEqual({
        sort: 'floor_valuation',
        page: '1',
        limit: '20',
      });
    });
    expect(screen.getByRole('heading', { level: 2 }).querySelector('del')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Last sale valuation' }));
    await waitFor(() => {
      expect(lastCall(fetchMock).searchParams.get('sort')).toBe('last_sale_valuation');
    });
  });

  it(
    "sorts by destruction valuation: the title strikes 'best' and adds 'wtf?', the destroyed assets and their " +
      'valuation show',
    async () => {
      const fetchMock = renderXcpBoard('/leaderboard?page=2', [holder(1)], 60);
      await screen.findByRole('list', { name: 'The best collectors' });
      fireEvent.click(screen.getByRole('button', { name: 'Destruction valuation' }));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/leaderboard\?sort=destruction_valuation$/);
      const title = screen.getByRole('heading', { level: 2 });
      expect(title).toHaveTextContent('The best wtf? collectors');
      expect(within(title).getByText('best').tagName).toBe('DEL');
      expect(within(title).getByText('wtf?').tagName).toBe('INS');
      await waitFor(() => {
        expect(Object.fromEntries(lastCall(fetchMock).searchParams)).toEqual({
          sort: 'destruction_valuation',
          page: '1',
          limit: '20',
        });
      });
      const destroyed = within(screen.getByRole('list', { name: 'Assets destroyed' }));
      expect(destroyed.getByRole('img', { name: 'Asset RAREPEPE' })).toHaveAttribute('src', '/s/RAREPEPE');
      expect(destroyed.getByRole('link', { name: 'Asset RAREPEPE' })).toHaveAttribute('href', '/asset/RAREPEPE');
      expect(screen.queryByRole('list', { name: 'Assets held' })).not.toBeInTheDocument();
      expect(screen.getByText('Destruction valuation', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
        /^0\.00054 BTC$/,
      );
    },
  );

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
      expect(await screen.findByRole('link', { name: 'Asset RAREPEPE' })).toHaveAttribute('href', '/asset/RAREPEPE');
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
