import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, requestedUrl, stubFetchRoutes } from '@/testing/render';
import type { Collector } from '../types';
import { Leaderboard } from './leaderboard';

function collector(rank: number, overrides: Partial<Collector> = {}): Collector {
  return {
    rank,
    user_id: `bc1qcollector${String(rank)}xxxxxxxxxxxxxxxxxxxxxxxxxxxxyz`,
    display_name: null,
    stamp_count: 1200,
    stamp_created_count: 3,
    floor_valuation: 123456789000,
    last_sale_valuation: 27000,
    destroyed_count: 4,
    destruction_valuation: 54000,
    stamps: [{ cpid: 'A100', url: '/s/A100' }],
    ...overrides,
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderBoard(route: string, hits: Collector[], total = hits.length) {
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
    { route },
  );
  return fetchMock;
}

function location(): string {
  return screen.getByTestId('location').textContent;
}

describe('Leaderboard', () => {
  it('ranks the collectors with exact BTC valuations and links to their profiles', async () => {
    const fetchMock = renderBoard('/leaderboard?page=2', [collector(21, { display_name: 'alice' }), collector(22)], 45);
    const list = await screen.findByRole('list', { name: 'The best collectors' });
    const [first, second] = within(list).getAllByRole('listitem');
    const alice = within(first as HTMLElement);
    expect(alice.getByRole('link', { name: 'alice' })).toHaveAttribute('href', '/profile/alice');
    expect(alice.getByText('#21')).toBeInTheDocument();
    expect(alice.getByText('1,200')).toBeInTheDocument();
    expect(alice.getByText('1,234.56789 BTC')).toBeInTheDocument();
    expect(alice.getByText('0.00027 BTC')).toBeInTheDocument();
    expect(alice.getByRole('img', { name: 'Stamp A100' })).toHaveAttribute('src', '/s/A100');
    // No display name: the address shortened 5 + 5, linking by its id.
    expect(within(second as HTMLElement).getByRole('link', { name: 'bc1qc...xxxyz' })).toHaveAttribute(
      'href',
      '/profile/bc1qcollector22xxxxxxxxxxxxxxxxxxxxxxxxxxxxyz',
    );
    expect(alice.queryByText('Destruction valuation')).not.toBeInTheDocument();

    const url = new URL(requestedUrl(fetchMock.mock.calls[0]?.[0]));
    expect(url.pathname).toBe('/api/leaderboard');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', limit: '20' });
    expect(screen.getByRole('button', { name: 'Stamps' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("sorts by destruction: the title strikes 'best' and adds 'wtf?', the page resets", async () => {
    const fetchMock = renderBoard('/leaderboard?page=3', [collector(1)], 60);
    await screen.findByRole('list', { name: 'The best collectors' });
    fireEvent.click(screen.getByRole('button', { name: 'Destruction valuation' }));
    expect(location()).toBe('/leaderboard?sort=destruction_valuation');
    const title = screen.getByRole('heading', { level: 2 });
    expect(title).toHaveTextContent('The best wtf? collectors');
    expect(within(title).getByText('best').tagName).toBe('DEL');
    expect(within(title).getByText('wtf?').tagName).toBe('INS');
    expect(await screen.findByText('0.00054 BTC')).toBeInTheDocument();
    const last = new URL(requestedUrl(fetchMock.mock.calls.at(-1)?.[0]));
    expect(Object.fromEntries(last.searchParams)).toEqual({ sort: 'destruction_valuation', page: '1', limit: '20' });

    fireEvent.click(screen.getByRole('button', { name: 'Stamps' }));
    expect(location()).toBe('/leaderboard');
  });

  it('hides the extra sorts with a project and passes it on', async () => {
    const fetchMock = renderBoard('/leaderboard?project=goose&sort=floor_valuation', [collector(1)]);
    await screen.findByRole('list', { name: 'The best collectors' });
    expect(screen.queryByRole('button', { name: 'Floor valuation' })).not.toBeInTheDocument();
    expect(screen.getByText('goose')).toBeInTheDocument();
    const url = new URL(requestedUrl(fetchMock.mock.calls[0]?.[0]));
    expect(Object.fromEntries(url.searchParams)).toEqual({ project: 'goose', page: '1', limit: '20' });
  });

  it("shows 'NO RESULTS' for an empty ranking", async () => {
    renderBoard('/leaderboard', []);
    expect(await screen.findByText('NO RESULTS')).toBeInTheDocument();
  });

  it("shows 'An error occurred' when the call fails", async () => {
    stubFetchRoutes(() => ({ status: 500, body: {} }));
    renderWithProviders(<Leaderboard />, { route: '/leaderboard' });
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred');
  });
});
