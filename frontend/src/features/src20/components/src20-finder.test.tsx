import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetchRoutes } from '@/testing/render';
import type { Src20Item, Src20Trending } from '../types';
import { Src20Finder } from './src20-finder';
import { TrendingCharts } from './trending-charts';

function item(overrides: Partial<Src20Item>): Src20Item {
  return {
    tick: 'PEPE',
    op: 'MINT',
    amount: '1000',
    creator: 'bc1qcreatorcreatorcreator',
    destination: 'bc1qcreatorcreatorcreator',
    blockIndex: 800000,
    timestamp: 1690000000,
    stamp: 123,
    cpid: 'A123',
    hostedUrl: null,
    txHash: `tx-${String(Math.random())}`,
    isInvalid: false,
    status: '',
    ...overrides,
  };
}

const deploy = item({
  op: 'DEPLOY',
  amount: null,
  max: '21000000',
  limit: '1000',
  decimals: 18,
  minted: '8925000',
  mintedCount: 8925,
  mintersCount: 512,
  holdersCount: 431,
  progress: '42.50',
  txHash: 'deploy-tx',
});

const trending: Src20Trending = {
  mint: {
    columns: ['tick', 'count'],
    tuple: [
      ['PEPE', 300],
      ['KEVIN', 120],
      ['STAMP', 7],
    ],
  },
  transfer: { columns: ['tick', 'count'], tuple: [['PEPE', 2]] },
};

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function Page() {
  const q = useParams().q ?? '';
  return (
    <>
      <TrendingCharts />
      <Src20Finder q={q} />
      <LocationProbe />
    </>
  );
}

function renderFinder(route: string, hits: Src20Item[] = [deploy], total = hits.length) {
  const fetchMock = stubFetchRoutes((url) =>
    url.pathname === '/api/src20/trending'
      ? { body: trending }
      : { body: { hits, estimatedTotalHits: total, offset: 0, limit: 24 } },
  );
  renderWithProviders(
    <Routes>
      <Route path="/src20/search" element={<Page />} />
      <Route path="/src20/search/:q" element={<Page />} />
    </Routes>,
    { route },
  );
  return fetchMock;
}

/** A card's tick link (the trending charts link the same ticks). */
function cardLink(tick: string): HTMLElement {
  return within(screen.getByRole('list', { name: 'SRC-20 operations' })).getByRole('link', { name: tick });
}

function location(): string {
  return screen.getByTestId('location').textContent;
}

function searchUrls(fetchMock: ReturnType<typeof stubFetchRoutes>): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
    .filter((url) => url.pathname.startsWith('/api/src20/search'));
}

describe('Src20Finder', () => {
  it('asks the API for the URL state and shows the cards', async () => {
    const invalid = item({ tick: 'BAD', isInvalid: true, txHash: 'bad-tx', amount: '1234567.5' });
    const fetchMock = renderFinder('/src20/search/pe?sort=progress:asc&page=2', [deploy, invalid], 30);

    await screen.findByRole('list', { name: 'SRC-20 operations' });
    const card = cardLink('PEPE').closest('li');
    expect(card).not.toBeNull();
    const pepe = within(card as HTMLElement);
    expect(pepe.getByRole('link', { name: 'PEPE' })).toHaveAttribute('href', '/src20/tick/PEPE');
    expect(pepe.getByText('DEPLOY')).toBeInTheDocument();
    expect(pepe.getByText('21M')).toHaveAttribute('title', '21,000,000');
    expect(pepe.getByRole('progressbar', { name: 'PEPE minted' })).toHaveAttribute('aria-valuetext', '42.5%');
    expect(pepe.getByText('431')).toBeInTheDocument();
    expect(pepe.getByText('8,925')).toBeInTheDocument();
    expect(pepe.getByText('#123')).toBeInTheDocument();

    const bad = within(cardLink('BAD').closest('li') as HTMLElement);
    expect(bad.getByText('Invalid')).toBeInTheDocument();
    expect(bad.getByText('1.23M')).toBeInTheDocument();
    expect(cardLink('BAD').closest('li')).toHaveClass('src20-card--invalid');

    const [url] = searchUrls(fetchMock);
    expect(url?.pathname).toBe('/api/src20/search/pe');
    // The progress sort forces Deploy even though the URL did not say so.
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      types: 'deploy',
      sort: 'progress:asc',
      page: '2',
      limit: '100',
    });
    expect(screen.getByRole('checkbox', { name: 'Deploy' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Sort by Progress, ascending' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("shows 'NO RESULTS' when nothing matches", async () => {
    renderFinder('/src20/search', []);
    expect(await screen.findByText('NO RESULTS')).toBeInTheDocument();
  });

  it('Minted out forces Deploy and resets the page; a type change then clears it', async () => {
    renderFinder('/src20/search?types=mint&page=3');
    await screen.findByRole('list', { name: 'SRC-20 operations' });

    fireEvent.click(screen.getByRole('checkbox', { name: 'Minted out' }));
    expect(location()).toBe('/src20/search?types=deploy&only=minted_out');
    expect(screen.getByRole('checkbox', { name: 'Deploy' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Mint' })).not.toBeChecked();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Valid' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Transfer' }));
    expect(location()).toBe('/src20/search?types=deploy%2Ctransfer&only=valid');
  });

  it('sorts by a field, flips it on the second click, and a deploy-only sort forces Deploy', async () => {
    renderFinder('/src20/search/pe?types=transfer&page=2');
    await screen.findByRole('list', { name: 'SRC-20 operations' });

    fireEvent.click(screen.getByRole('button', { name: 'Sort by Holders' }));
    expect(location()).toBe('/src20/search/pe?types=deploy&sort=holdersCount%3Adesc');
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Holders, descending' }));
    expect(location()).toBe('/src20/search/pe?types=deploy&sort=holdersCount%3Aasc');
  });

  it('searches with the text in the path, keeping the filters and dropping the page', async () => {
    renderFinder('/src20/search?only=valid&page=4');
    await screen.findByRole('list', { name: 'SRC-20 operations' });
    const box = screen.getByRole('searchbox', { name: 'Search SRC-20' });
    fireEvent.change(box, { target: { value: ' kev ' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => {
      expect(location()).toBe('/src20/search/kev?only=valid');
    });
  });

  it('draws the trending charts as bar charts named by their data, hiding one with fewer than 2 points', async () => {
    renderFinder('/src20/search');
    const chart = await screen.findByRole('figure', { name: 'Trending mints (last 1k valid)' });
    const plot = await within(chart).findByRole('img');
    // Chart.js is a chunk of its own: the canvas is drawn once it has arrived.
    await waitFor(() => {
      expect(plot.querySelector('canvas')).not.toBeNull();
    });
    expect(plot).toHaveAccessibleName(/^Trending mints \(last 1k valid\): PEPE: 300 mints, /);
    expect(screen.queryByRole('figure', { name: /Trending transfers/ })).not.toBeInTheDocument();
  });
});
