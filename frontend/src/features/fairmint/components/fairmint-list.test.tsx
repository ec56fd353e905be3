import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, requestedUrl, stubFetchRoutes } from '@/testing/render';
import type { FairminterCard } from '../types';
import { FairmintList } from './fairmint-list';

const NOW = 1_700_000_000;

function fairminter(overrides: Partial<FairminterCard> = {}): FairminterCard {
  return {
    cpid: 'PEPEFAIR',
    asset_longname: null,
    tx_hash: `tx-${String(Math.random())}`,
    status: 'open',
    source: 'bc1qcreatorcreatorcreatorcreator12345',
    divisible: true,
    timestamp: NOW - 86400 * 30,
    last_mint: NOW - 3 * 3600,
    minted_count: 1500,
    minters_count: 320,
    holders_count: 300,
    start_block: 800000,
    end_block: 900000,
    price: '0',
    quantity_by_price: '100000000',
    hard_cap: '2100000000000000',
    premint_quantity: '210000000000000',
    max_mint_per_tx: '100000000000',
    earned_quantity: '840000000000000',
    progress: '50.00',
    image: '/s/PEPEFAIR',
    ...overrides,
  };
}

function Probe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function Page() {
  const q = useParams().q ?? '';
  return (
    <>
      <FairmintList q={q} />
      <Probe />
    </>
  );
}

function renderList(route: string, hits: FairminterCard[], site: 'stamps' | 'xcp' = 'xcp', total = hits.length) {
  const fetchMock = stubFetchRoutes(() => ({ body: { hits, estimatedTotalHits: total, offset: 0, limit: 24 } }));
  renderWithProviders(
    <Routes>
      <Route path="/fairmint" element={<Page />} />
      <Route path="/fairmint/:q" element={<Page />} />
    </Routes>,
    { route, site },
  );
  return fetchMock;
}

function location(): string {
  return screen.getByTestId('location').textContent;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('FairmintList', () => {
  it('asks the API for the URL state and shows the cards with derived figures', async () => {
    vi.useFakeTimers({ now: NOW * 1000, toFake: ['Date'] });
    const stale = fairminter({
      cpid: 'OLDFAIR',
      status: 'closed',
      last_mint: NOW - 11 * 86400,
      image: null,
      divisible: false,
      hard_cap: '0',
      max_mint_per_tx: '0',
      premint_quantity: '0',
      earned_quantity: '42',
    });
    const fetchMock = renderList(
      '/fairmint/pepe?only=limited&sort=progress:asc&page=2',
      [fairminter(), stale],
      'xcp',
      30,
    );

    const list = await screen.findByRole('list', { name: 'Fairminters' });
    const url = new URL(requestedUrl(fetchMock.mock.calls[0]?.[0]));
    expect(url.pathname).toBe('/api/fairminter/search/pepe');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      only: 'limited',
      sort: 'progress:asc',
      page: '2',
      limit: '24',
    });

    const [first, second] = within(list).getAllByRole('listitem');
    const card = within(first as HTMLElement);
    expect(card.getByRole('link', { name: 'PEPEFAIR' })).toHaveAttribute('href', '/asset/PEPEFAIR');
    expect(card.getByRole('img', { name: 'Asset PEPEFAIR' })).toHaveAttribute('src', '/s/PEPEFAIR');
    expect(card.getByRole('link', { name: 'bc1qc...12345' })).toHaveAttribute(
      'href',
      '/profile/bc1qcreatorcreatorcreatorcreator12345',
    );
    expect(card.getByRole('progressbar', { name: 'PEPEFAIR minted' })).toHaveAttribute(
      'aria-valuetext',
      '50%, premint 10%',
    );
    // Divisible quantities divided by 1e8: max 21M, per mint 1k, premint 2.1M, issued 10.5M.
    expect(card.getByText('21M')).toHaveAttribute('title', '21,000,000');
    expect(card.getByText('1k')).toBeInTheDocument();
    expect(card.getByText('2.1M')).toBeInTheDocument();
    expect(card.getByText('10.5M')).toBeInTheDocument();
    expect(card.getByText('1,500')).toBeInTheDocument();
    expect(card.getByText('3 h ago')).toBeInTheDocument();
    // Mint while the fairminter is open only.
    expect(card.getByRole('button', { name: 'Mint PEPEFAIR' })).toBeEnabled();
    expect(within(second as HTMLElement).getByRole('button', { name: 'Mint OLDFAIR' })).toBeDisabled();

    const old = within(second as HTMLElement);
    expect(old.queryByText('Last mint')).not.toBeInTheDocument();
    expect(old.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(old.getAllByText('∞')).toHaveLength(2);
    expect(old.getByText('42')).toBeInTheDocument();
    expect(old.getByText('closed')).toBeInTheDocument();
  });

  it('opens the fairmint of an open card, after a sign-in for a visitor', async () => {
    stubFetchRoutes(() => ({ body: { hits: [fairminter()], estimatedTotalHits: 1, offset: 0, limit: 24 } }));
    const { store } = renderWithProviders(<FairmintList q="" />, { site: 'xcp' });
    fireEvent.click(await screen.findByRole('button', { name: 'Mint PEPEFAIR' }));
    expect(store.getState().session.signIn).toBe('connect');
    expect(store.getState().mint).toEqual({
      request: {
        action: 'fairmint',
        fairminter: {
          cpid: 'PEPEFAIR',
          asset_longname: null,
          divisible: true,
          status: 'open',
          price: '0',
          quantity_by_price: '100000000',
          hard_cap: '2100000000000000',
          max_mint_per_tx: '100000000000',
          premint_quantity: '210000000000000',
          earned_quantity: '840000000000000',
        },
      },
      pending: true,
    });
  });

  it("shows each card's image, its cpid's start as a text tile when it has none or it fails to load", async () => {
    renderList('/fairmint', [
      fairminter({ cpid: 'GEMFAIR', image: '/api/asset/GEMFAIR/image' }),
      fairminter({ cpid: 'BADFAIR', image: '/api/asset/BADFAIR/image' }),
      fairminter({ cpid: 'OLDFAIR', image: null }),
    ]);
    const list = await screen.findByRole('list', { name: 'Fairminters' });
    const [gem, bad, old] = within(list)
      .getAllByRole('listitem')
      .map((item) => within(item));
    expect(gem?.getByRole('img', { name: 'Asset GEMFAIR' })).toHaveAttribute('src', '/api/asset/GEMFAIR/image');
    expect(gem?.queryByText('GEMF')).not.toBeInTheDocument();

    const broken = bad?.getByRole('img', { name: 'Asset BADFAIR' });
    expect(broken).toHaveAttribute('src', '/api/asset/BADFAIR/image');
    fireEvent.error(broken as HTMLElement);
    expect(bad?.queryByRole('img')).not.toBeInTheDocument();
    expect(bad?.getByText('BADF')).toBeInTheDocument();
    // The other cards keep theirs.
    expect(gem?.getByRole('img', { name: 'Asset GEMFAIR' })).toBeInTheDocument();

    expect(old?.queryByRole('img')).not.toBeInTheDocument();
    expect(old?.getByText('OLDF')).toBeInTheDocument();
  });

  it('keeps Completed and In progress exclusive, removes Valid, and resets the page', async () => {
    renderList('/fairmint?only=valid&page=3', [fairminter()]);
    await screen.findByRole('list', { name: 'Fairminters' });
    expect(screen.getByRole('checkbox', { name: 'Valid' })).toBeChecked();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Completed' }));
    expect(location()).toBe('/fairmint?only=completed');
    expect(screen.queryByRole('checkbox', { name: 'Valid' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('checkbox', { name: 'In progress' }));
    expect(location()).toBe('/fairmint?only=in_progress');
    expect(screen.getByRole('checkbox', { name: 'Completed' })).not.toBeChecked();
  });

  it('sorts a new field descending, flips it on a second click, and drops the default', async () => {
    renderList('/fairmint?page=2', [fairminter()]);
    await screen.findByRole('list', { name: 'Fairminters' });
    expect(screen.getByRole('button', { name: 'Sort by Newest, descending' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Holders' }));
    expect(location()).toBe('/fairmint?sort=holders_count%3Adesc');
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Holders, descending' }));
    expect(location()).toBe('/fairmint?sort=holders_count%3Aasc');
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Newest' }));
    expect(location()).toBe('/fairmint');
  });

  it('searches with the text in the path, keeping the filters and dropping the page', async () => {
    renderList('/fairmint?only=limited&page=4', [fairminter()]);
    await screen.findByRole('list', { name: 'Fairminters' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search fairminters' }), { target: { value: ' pep ' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => {
      expect(location()).toBe('/fairmint/pep?only=limited');
    });
  });

  it("shows 'NO RESULTS' when nothing matches", async () => {
    renderList('/fairmint', [], 'stamps');
    expect(await screen.findByText('NO RESULTS')).toBeInTheDocument();
  });

  it("shows 'An error occurred' when the call fails", async () => {
    stubFetchRoutes(() => ({ status: 500, body: {} }));
    renderWithProviders(<FairmintList q="" />, { route: '/fairmint' });
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred');
  });
});
