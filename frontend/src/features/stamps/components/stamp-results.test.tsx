import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, requestedUrl, stubFetchJson } from '@/testing/render';
import type { StampHit } from '@/lib/stamp';
import { StampResults } from './stamp-results';

function hit(stamp: number): StampHit {
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
  };
}

describe('StampResults', () => {
  it('asks for the page, shows the exact total and cards linking to the stamps', async () => {
    const hits = Array.from({ length: 24 }, (_, index) => hit(1000 - 24 - index));
    const fetchMock = stubFetchJson(200, { hits, estimatedTotalHits: 1000, offset: 24, limit: 24 });
    renderWithProviders(<StampResults args={{ q: 'pepe', offset: 24, limit: 24 }} />, { route: '/search/pepe?page=2' });

    expect(await screen.findByText('25 - 48 of 1,000 results')).toBeInTheDocument();
    const url = new URL(requestedUrl(fetchMock.mock.calls[0]?.[0]));
    expect(url.pathname).toBe('/api/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'pepe', offset: '24', limit: '24' });

    const first = screen.getByRole('link', { name: /#976/ });
    expect(first).toHaveAttribute('href', '/stamp/A1976');

    const pages = screen.getByRole('navigation', { name: 'Pages (top)' });
    expect(within(pages).getByRole('link', { name: '1' })).toHaveAttribute('href', '/search/pepe');
    expect(within(pages).getByRole('link', { name: '3' })).toHaveAttribute('href', '/search/pepe?page=3');
    expect(within(pages).getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'page');
  });

  it("shows 'NO RESULTS' when nothing matches", async () => {
    const fetchMock = stubFetchJson(200, { hits: [], estimatedTotalHits: 0, offset: 0, limit: 24 });
    renderWithProviders(<StampResults args={{ q: '', offset: 0, limit: 24 }} />, { route: '/search' });

    expect(await screen.findByText('NO RESULTS')).toBeInTheDocument();
    expect(new URL(requestedUrl(fetchMock.mock.calls[0]?.[0])).searchParams.has('q')).toBe(false);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('links the cards to /asset/{cpid} on the XCP site', async () => {
    stubFetchJson(200, { hits: [hit(5)], estimatedTotalHits: 1, offset: 0, limit: 24 });
    renderWithProviders(<StampResults args={{ q: '', offset: 0, limit: 24 }} />, { route: '/search', site: 'xcp' });
    expect(await screen.findByRole('link', { name: /#5/ })).toHaveAttribute('href', '/asset/A1005');
  });
});
