import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, requestedUrl, stubFetchRoutes } from '@/testing/render';
import { FeatList } from './feat-list';

const hit = (cpid: string, stamp: number) => ({
  cpid,
  stamp,
  stamp_url: `/s/${cpid}`,
  stamp_mimetype: 'image/png',
  ident: 'STAMP',
  creator: 'bc1qcreator',
  block_index: 1,
  supply: '1',
  is_cursed: false,
});

const feat = (hits: ReturnType<typeof hit>[], total: number, offset: number) => ({
  title: 'Winter drops',
  description: 'Cold stamps for cold days.',
  hits,
  estimatedTotalHits: total,
  offset,
  limit: 24,
});

describe('FeatList', () => {
  it("shows the title, description, 'x - y of n results', the stamps and pagination, reading ?page", async () => {
    const fetchMock = stubFetchRoutes(() => ({ body: feat([hit('A1', 101), hit('A2', 102)], 260, 100) }));
    renderWithProviders(<FeatList />, { route: '/feat?page=2' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Winter drops' })).toBeInTheDocument();
    expect(screen.getByText('Cold stamps for cold days.')).toBeInTheDocument();
    expect(screen.getByText('101 - 102 of 260 results')).toBeInTheDocument();
    const grid = screen.getByRole('list', { name: 'Winter drops' });
    expect(
      within(grid)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/stamp/A1', '/stamp/A2']);
    const url = new URL(requestedUrl(fetchMock.mock.calls[0]?.[0]));
    expect(url.pathname).toBe('/api/feat');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('limit')).toBe('100');
    const pages = screen.getByRole('navigation', { name: 'Pages (top)' });
    expect(within(pages).getByRole('link', { name: '1' })).toHaveAttribute('href', '/feat');
    expect(within(pages).getByRole('link', { name: '3' })).toHaveAttribute('href', '/feat?page=3');
    expect(within(pages).getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => {
      expect(document.title).toBe('Winter drops');
    });
  });

  it('links the stamps to /asset on the XCP site', async () => {
    stubFetchRoutes(() => ({ body: feat([hit('A1', 101)], 1, 0) }));
    renderWithProviders(<FeatList />, { route: '/feat', site: 'xcp' });
    expect(await screen.findByRole('link', { name: /A1/ })).toHaveAttribute('href', '/asset/A1');
    expect(screen.queryByRole('navigation', { name: 'Pages (top)' })).not.toBeInTheDocument();
  });

  it('shows NO RESULTS when the list is empty', async () => {
    stubFetchRoutes(() => ({ body: feat([], 0, 0) }));
    renderWithProviders(<FeatList />, { route: '/feat' });
    expect(await screen.findByText('NO RESULTS')).toBeInTheDocument();
    expect(screen.getByText('0 results')).toBeInTheDocument();
  });

  it("shows the API's message on a 404, and the generic error otherwise", async () => {
    stubFetchRoutes(() => ({ status: 404, body: { error: 'no featured list' } }));
    const { unmount } = renderWithProviders(<FeatList />, { route: '/feat' });
    expect(await screen.findByRole('alert')).toHaveTextContent('no featured list');
    expect(screen.getByRole('heading', { level: 1, name: 'Featured' })).toBeInTheDocument();
    unmount();

    stubFetchRoutes(() => ({ status: 500, body: { error: 'database down' } }));
    renderWithProviders(<FeatList />, { route: '/feat' });
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred');
  });
});
