import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, requestedUrl, stubFetchRoutes } from '@/testing/render';
import type { AssetHit } from '../asset-types';
import { makeAssetHit } from '../fixtures';
import { AssetFinder } from './asset-finder';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function Page() {
  const q = useParams().q ?? '';
  return (
    <>
      <AssetFinder q={q} />
      <LocationProbe />
    </>
  );
}

function renderFinder(route: string, hits: AssetHit[], total = hits.length) {
  const fetchMock = stubFetchRoutes(() => ({ body: { hits, estimatedTotalHits: total, offset: 0, limit: 24 } }));
  renderWithProviders(
    <Routes>
      <Route path="/search" element={<Page />} />
      <Route path="/search/:q" element={<Page />} />
    </Routes>,
    { route, site: 'xcp' },
  );
  return fetchMock;
}

function lastCall(fetchMock: ReturnType<typeof stubFetchRoutes>): URL {
  const calls = fetchMock.mock.calls;
  return new URL(requestedUrl(calls[calls.length - 1]?.[0]));
}

const stampAsset = makeAssetHit({
  cpid: 'A10543759548757336755',
  stamp: 236,
  stamp_url: '/s/A10543759548757336755',
  description: 'STAMP:iVBORw0KGgo',
  supply: '1',
  locked: true,
  holders: 1,
});

describe('AssetFinder', () => {
  it(
    'lists every asset from /api/xcp/search: a stamp with ' + 'its image, an asset that is no stamp with its name',
    async () => {
      const fetchMock = renderFinder(
        '/search',
        [stampAsset, makeAssetHit({ asset_longname: 'DANKROCK.gem', divisible: true, supply: '150000000' })],
        130,
      );
      const grid = await screen.findByRole('list', { name: 'Assets' });
      const call = lastCall(fetchMock);
      expect(call.pathname).toBe('/api/xcp/search');
      expect(Object.fromEntries(call.searchParams)).toEqual({ sort: 'block_index:desc', offset: '0', limit: '100' });
      expect(screen.getByText('1 - 2 of 130 results')).toBeInTheDocument();

      const [stampCard, assetCard] = Array.from(grid.querySelectorAll<HTMLElement>(':scope > li'));
      if (!stampCard || !assetCard) throw new Error('two cards expected');
      expect(within(stampCard).getByRole('link')).toHaveAttribute('href', '/asset/A10543759548757336755');
      expect(within(stampCard).getByRole('img', { name: 'Stamp #236 A10543759548757336755' })).toHaveAttribute(
        'src',
        '/s/A10543759548757336755',
      );
      // A stamp's description is its file: not shown.
      expect(stampCard).not.toHaveTextContent('STAMP:');

      // No image for an asset that is no stamp: its name, its description, its figures.
      expect(within(assetCard).queryByRole('img')).not.toBeInTheDocument();
      expect(within(assetCard).getByRole('link')).toHaveAttribute('href', '/asset/DANKROCK');
      expect(assetCard).toHaveTextContent('Asset');
      expect(within(assetCard).getAllByText('DANKROCK.gem').length).toBeGreaterThan(0);
      expect(assetCard).toHaveTextContent('dankrock, a Counterparty asset');
      expect(assetCard).toHaveTextContent('1.5');
      expect(assetCard).toHaveTextContent('Divisible');
    },
  );

  it("shows the picture the API names for an asset's enhanced asset information", async () => {
    renderFinder('/search', [
      makeAssetHit({ xcp_json_url: 'https://info.example/d.json', xcp_image_url: '/api/asset/DANKROCK/image' }),
    ]);
    const grid = await screen.findByRole('list', { name: 'Assets' });
    expect(within(grid).getByRole('img', { name: 'Asset DANKROCK' })).toHaveAttribute(
      'src',
      '/api/asset/DANKROCK/image',
    );
  });

  it("shows a stamp that is no image by its file's kind, never as a broken image", async () => {
    renderFinder('/search', [
      makeAssetHit({ cpid: 'A111', stamp: 7, stamp_url: '/s/A111', stamp_mimetype: 'text/html', file_suffix: 'html' }),
    ]);
    const grid = await screen.findByRole('list', { name: 'Assets' });
    const placeholder = within(grid).getByRole('img', { name: 'Stamp #7 A111' });
    expect(placeholder.tagName).toBe('DIV');
    expect(placeholder).toHaveTextContent('HTML');
  });

  it('sends the search text, filters and sort, and resets the page on a change', async () => {
    const fetchMock = renderFinder('/search/DANK?only=named&sort=holders:desc&page=2', [makeAssetHit()], 30);
    await screen.findByRole('list', { name: 'Assets' });
    const call = lastCall(fetchMock);
    expect(call.pathname).toBe('/api/xcp/search/DANK');
    expect(Object.fromEntries(call.searchParams)).toEqual({
      only: 'named',
      sort: 'holders:desc',
      offset: '100',
      limit: '100',
    });
    expect(screen.getByRole('checkbox', { name: 'Named' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Sort by Holders, descending' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Locked' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/search/DANK?only=named%2Clocked&sort=holders%3Adesc');
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Name' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/search/DANK?only=named%2Clocked&sort=asset%3Aasc');
    await waitFor(() => {
      expect(Object.fromEntries(lastCall(fetchMock).searchParams)).toEqual({
        only: 'named,locked',
        sort: 'asset:asc',
        offset: '0',
        limit: '100',
      });
    });
  });

  it('filters by stamp type and on sale, and sorts by the market figures, keeping each in the URL', async () => {
    const fetchMock = renderFinder('/search?page=3', [makeAssetHit()], 500);
    await screen.findByRole('list', { name: 'Assets' });
    const types = screen.getByRole('group', { name: 'Types' });
    // The Stamps finder's type filters, with the cursed-stamp filter of the XCP site.
    expect(
      within(types)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual(['SRC-721', 'Music (BMN)', 'PNG', 'GIF', 'SVG', 'JPEG', 'HTML', 'Other', 'Cursed']);

    fireEvent.click(within(types).getByRole('checkbox', { name: 'Cursed' }));
    fireEvent.click(within(types).getByRole('checkbox', { name: 'PNG' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?types=png%2Ccursed_stamp$/);
    fireEvent.click(screen.getByRole('checkbox', { name: 'On sale' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Floor price' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      /^\/search\?types=png%2Ccursed_stamp&only=on_sale&sort=floor_price%3Adesc$/,
    );
    expect(screen.getByRole('button', { name: 'Sort by Floor price, descending' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => {
      expect(Object.fromEntries(lastCall(fetchMock).searchParams)).toEqual({
        types: 'png,cursed_stamp',
        only: 'on_sale',
        sort: 'floor_price:desc',
        offset: '0',
        limit: '100',
      });
    });

    // The active sort flips; the stamp number and the rarity start ascending.
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Floor price, descending' }));
    await waitFor(() => {
      expect(lastCall(fetchMock).searchParams.get('sort')).toBe('floor_price:asc');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Stamp number' }));
    await waitFor(() => {
      expect(lastCall(fetchMock).searchParams.get('sort')).toBe('stamp:asc');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Last sale price' }));
    await waitFor(() => {
      expect(lastCall(fetchMock).searchParams.get('sort')).toBe('last_sale_price:desc');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Newest' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?types=png%2Ccursed_stamp&only=on_sale$/);
  });

  it('reads the stamp filters and sorts from the URL and sends them, dropping unknown ones', async () => {
    const fetchMock = renderFinder('/search/PEPE?types=gif,webp&only=on_sale,olga&sort=total_volume:asc', [], 0);
    await screen.findByText('NO RESULTS');
    const call = lastCall(fetchMock);
    expect(call.pathname).toBe('/api/xcp/search/PEPE');
    expect(Object.fromEntries(call.searchParams)).toEqual({
      types: 'gif',
      only: 'on_sale',
      sort: 'total_volume:asc',
      offset: '0',
      limit: '100',
    });
    expect(screen.getByRole('checkbox', { name: 'GIF' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'On sale' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Sort by Total volume, ascending' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('shows the market figures where the stamp card does: floor, last sale, volume, and the on-sale flag', async () => {
    renderFinder('/search', [
      {
        ...stampAsset,
        floor_price: 27000,
        last_sale_price: 123456789000,
        total_volume: 5400000,
        on_sale: 'ab'.repeat(32),
      },
      makeAssetHit(),
    ]);
    const grid = await screen.findByRole('list', { name: 'Assets' });
    const [onSale, plain] = Array.from(grid.querySelectorAll<HTMLElement>(':scope > li'));
    if (!onSale || !plain) throw new Error('two cards expected');
    const fact = (card: HTMLElement, term: string) => within(card).getByText(term).nextElementSibling;
    expect(fact(onSale, 'Floor')).toHaveTextContent('0.00027 BTC');
    expect(fact(onSale, 'Last sale')).toHaveTextContent('1.23k BTC');
    expect(fact(onSale, 'Last sale')).toHaveAttribute('title', '1,234.56789 BTC');
    expect(fact(onSale, 'Volume')).toHaveTextContent('0.054 BTC');
    expect(within(within(onSale).getByRole('list', { name: 'Flags' })).getByText('On sale')).toHaveClass(
      'stamp-card__flag--sale',
    );
    // No figures: '-', and no on-sale flag.
    expect(fact(plain, 'Floor')).toHaveTextContent(/^-$/);
    expect(fact(plain, 'Last sale')).toHaveTextContent(/^-$/);
    expect(fact(plain, 'Volume')).toHaveTextContent(/^-$/);
    expect(within(plain).queryByText('On sale')).not.toBeInTheDocument();
  });

  it("shows every card's figures with Expand details", async () => {
    renderFinder('/search', [makeAssetHit()]);
    const card = (await screen.findByRole('list', { name: 'Assets' })).querySelector(':scope > li');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Expand details' }));
    expect(card).toHaveClass('stamp-card--expanded');
  });

  it('says NO RESULTS when nothing matches', async () => {
    renderFinder('/search/ZZZ', []);
    expect(await screen.findByText('NO RESULTS')).toBeInTheDocument();
  });
});
