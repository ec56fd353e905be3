import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, requestedUrl, stubFetchRoutes } from '@/testing/render';
import type { StampHit } from '@/lib/stamp';
import { StampFinder } from './stamp-finder';

function hit(stamp: number, overrides: Partial<StampHit> = {}): StampHit {
  const cpid = `A${String(1000 + stamp)}`;
  return {
    cpid,
    stamp,
    stamp_url: `/s/${cpid}`,
    stamp_mimetype: 'image/png',
    ident: 'STAMP',
    creator: 'bc1qcreator',
    block_index: 780000,
    supply: '1',
    is_cursed: false,
    divisible: false,
    locked: false,
    keyburn: false,
    floor_price: null,
    on_sale: null,
    last_sale_price: null,
    total_volume: 0,
    dividend_count: 0,
    destructions: '0',
    ...overrides,
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function Page() {
  const q = useParams().q ?? '';
  return (
    <>
      <StampFinder q={q} />
      <LocationProbe />
    </>
  );
}

function renderFinder(route: string, hits: StampHit[], site: 'stamps' | 'xcp' = 'stamps', total = hits.length) {
  const fetchMock = stubFetchRoutes(() => ({ body: { hits, estimatedTotalHits: total, offset: 0, limit: 24 } }));
  renderWithProviders(
    <Routes>
      <Route path="/search" element={<Page />} />
      <Route path="/search/:q" element={<Page />} />
    </Routes>,
    { route, site },
  );
  return fetchMock;
}

function location(): string {
  return screen.getByTestId('location').textContent;
}

function apiQueries(fetchMock: ReturnType<typeof stubFetchRoutes>): Record<string, string>[] {
  return fetchMock.mock.calls.map(([input]) => Object.fromEntries(new URL(requestedUrl(input)).searchParams));
}

describe('StampFinder', () => {
  it('asks the API for the URL state and shows the cards with their figures', async () => {
    const fetchMock = renderFinder('/search/pepe?types=png,gif&only=on_sale&sort=floor_price:asc&page=2', [
      hit(999999999, {
        supply: '2100000000000000',
        divisible: true,
        floor_price: 27000,
        last_sale_price: 123456789000000,
        total_volume: 1500000000,
        on_sale: 'dispenser-tx',
        locked: true,
        asset_longname: 'PEPE.rare',
      }),
      hit(7, { supply: '999999999' }),
    ]);

    const grid = await screen.findByRole('list', { name: 'Stamps' });
    expect(apiQueries(fetchMock)[0]).toEqual({
      q: 'pepe',
      types: 'png,gif',
      only: 'on_sale',
      sort: 'floor_price:asc',
      offset: '100',
      limit: '100',
    });

    const [first, second] = within(grid).getAllByRole('link');
    expect(first).toHaveAttribute('href', '/stamp/A1000000999');
    const card = within(first as HTMLElement);
    expect(card.getByText('#∞')).toBeInTheDocument();
    expect(card.getByText('PEPE.rare')).toBeInTheDocument();
    // Divisible supply divided by 1e8 and abbreviated; BTC from integer satoshis, abbreviated.
    expect(card.getByText('21M')).toBeInTheDocument();
    expect(card.getByText('0.00027 BTC')).toBeInTheDocument();
    expect(card.getByText('1.23M BTC')).toHaveAttribute('title', '1,234,567.89 BTC');
    expect(card.getByText('15 BTC')).toBeInTheDocument();
    expect(card.getByText('On sale')).toBeInTheDocument();
    expect(card.getByText('Locked')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('∞')).toBeInTheDocument();

    expect(screen.getByRole('checkbox', { name: 'PNG' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'On sale' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Sort by Floor price, ascending' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The rarity sort and filter are offered.
    expect(screen.getByRole('button', { name: 'Sort by Rarity' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Rarity' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Top 10', 'Top 100', 'Top 1000', 'Sub 100', 'Sub 1K', 'Sub 10K', 'Sub 100K']);
  });

  it('resets the page on filter changes and drops what is default', async () => {
    renderFinder('/search?types=svg&page=3', [hit(1)]);
    await screen.findByRole('list', { name: 'Stamps' });

    fireEvent.click(screen.getByRole('checkbox', { name: 'HTML' }));
    expect(location()).toBe('/search?types=svg%2Chtml');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Unique (1/1)' }));
    expect(location()).toBe('/search?types=svg%2Chtml&only=unique');
    fireEvent.click(screen.getByRole('checkbox', { name: 'SVG' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'HTML' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Unique (1/1)' }));
    expect(location()).toBe('/search');
  });

  it('sorts a new field descending, flips it on a second click and resets the page', async () => {
    renderFinder('/search/abc?page=4', [hit(1)]);
    await screen.findByRole('list', { name: 'Stamps' });

    fireEvent.click(screen.getByRole('button', { name: 'Sort by Total volume' }));
    expect(location()).toBe('/search/abc?sort=total_volume%3Adesc');
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Total volume, descending' }));
    expect(location()).toBe('/search/abc?sort=total_volume%3Aasc');
    // Back to the default oldest-first sort: the parameter goes.
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Stamp' }));
    expect(location()).toBe('/search/abc');
  });

  it('asks the API for the default sort, oldest first, while the URL leaves it out', async () => {
    const fetchMock = renderFinder('/search', [hit(1)]);
    await screen.findByRole('list', { name: 'Stamps' });
    expect(apiQueries(fetchMock)[0]).toEqual({ sort: 'stamp:asc', offset: '0', limit: '100' });
    expect(screen.getByRole('button', { name: 'Sort by Stamp, ascending' })).toHaveAttribute('aria-pressed', 'true');
    expect(location()).toBe('/search');
  });

  it('filters by one rarity at a time, sent to the API as rarity, and sorts rarest first', async () => {
    const fetchMock = renderFinder('/search?page=2', [hit(1)]);
    await screen.findByRole('list', { name: 'Stamps' });
    fireEvent.click(screen.getByRole('button', { name: 'Top 100' }));
    expect(location()).toBe('/search?rarity=top100');
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Rarity' }));
    expect(location()).toBe('/search?sort=rarity_rank%3Aasc&rarity=top100');
    await screen.findByRole('list', { name: 'Stamps' });
    await waitFor(() => {
      expect(apiQueries(fetchMock).at(-1)).toEqual({
        sort: 'rarity_rank:asc',
        rarity: 'top100',
        offset: '0',
        limit: '100',
      });
    });
    expect(screen.getByRole('button', { name: 'Top 100' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("expands every card's details with 'Expand details'", async () => {
    renderFinder('/search', [hit(1), hit(2)]);
    const grid = await screen.findByRole('list', { name: 'Stamps' });
    const cards = () =>
      within(grid)
        .getAllByRole('listitem')
        .filter((item) => item.classList.contains('stamp-card'));
    expect(cards().every((card) => !card.classList.contains('stamp-card--expanded'))).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Expand details' }));
    expect(cards()).toHaveLength(2);
    expect(cards().every((card) => card.classList.contains('stamp-card--expanded'))).toBe(true);
  });

  it("shows 'NO RESULTS' when nothing matches", async () => {
    renderFinder('/search?only=burned', []);
    expect(await screen.findByText('NO RESULTS')).toBeInTheDocument();
  });

  it("shows the API's message for a refused query", async () => {
    stubFetchRoutes(() => ({ status: 400, body: { error: 'unknown sort "x"' } }));
    renderWithProviders(<StampFinder q="" />, { route: '/search' });
    expect(await screen.findByRole('alert')).toHaveTextContent('unknown sort "x"');
  });

  it('offers the cursed filter and Asset wording on the XCP site, linking to /asset/{cpid}', async () => {
    const fetchMock = renderFinder('/search?types=cursed_stamp', [hit(5)], 'xcp');
    const grid = await screen.findByRole('list', { name: 'Assets' });
    expect(within(grid).getByRole('link')).toHaveAttribute('href', '/asset/A1005');
    expect(screen.getByRole('checkbox', { name: 'Cursed' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Sort by Asset, ascending' })).toBeInTheDocument();
    expect(apiQueries(fetchMock)[0]?.types).toBe('cursed_stamp');
  });

  it('has no cursed filter on the Stamps site', async () => {
    renderFinder('/search', [hit(5)]);
    await screen.findByRole('list', { name: 'Stamps' });
    expect(screen.queryByRole('checkbox', { name: 'Cursed' })).not.toBeInTheDocument();
  });
});
