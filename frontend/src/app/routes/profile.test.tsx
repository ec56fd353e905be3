import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Src20Item } from '@/features/src20/types';
import type { StampHit } from '@/lib/stamp';
import { FakeEventSource } from '@/testing/event-source';
import { renderWithProviders, requestedUrl, stubFetchRoutes, type StubAnswer } from '@/testing/render';
import type { Profile } from '@/features/profile/types';
import { Component as ProfileRoute } from './profile';

const ADDRESS_A = 'bc1qaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa12345';
const ADDRESS_B = 'bc1qbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb67890';

const alice: Profile = {
  user_id: ADDRESS_A,
  display_name: 'alice',
  twitter: 'alice_btc',
  addresses: [ADDRESS_A, ADDRESS_B],
  stamp_count: 1234,
  stamp_created_count: 5,
  floor_valuation: 123456789012,
  last_sale_valuation: 27000,
  src20: [{ tick: 'PEPE', address: ADDRESS_B, balance: '21000000.5' }],
};

function stamp(n: number): StampHit {
  return {
    cpid: `A${String(n)}`,
    stamp: n,
    stamp_url: `/s/A${String(n)}`,
    stamp_mimetype: 'image/png',
    ident: 'STAMP',
    creator: ADDRESS_A,
    block_index: 1,
    supply: '1',
    is_cursed: false,
  };
}

const mint: Src20Item = {
  tick: 'KEVIN',
  op: 'MINT',
  amount: '1000',
  creator: ADDRESS_B,
  destination: ADDRESS_B,
  blockIndex: 800123,
  timestamp: 1,
  stamp: 9,
  cpid: null,
  hostedUrl: null,
  txHash: 'mint-tx',
  isInvalid: false,
  status: '',
};

function Probe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function Page() {
  return (
    <>
      <ProfileRoute />
      <Probe />
    </>
  );
}

function renderProfile(route: string, answer: (url: URL) => StubAnswer, logged = '') {
  const fetchMock = stubFetchRoutes(answer);
  renderWithProviders(
    <Routes>
      <Route path="/profile/:id" element={<Page />} />
    </Routes>,
    { route, logged },
  );
  return fetchMock;
}

function defaultAnswer(url: URL): StubAnswer {
  if (url.pathname.startsWith('/api/profile/')) return { body: alice };
  if (url.pathname.startsWith('/api/stamps/')) {
    return { body: { hits: [stamp(1), stamp(2)], estimatedTotalHits: 30, offset: 0, limit: 24 } };
  }
  if (url.pathname.startsWith('/api/src20/activity/')) {
    return { body: { hits: [mint], estimatedTotalHits: 1, offset: 0, limit: 20 } };
  }
  return { status: 404, body: { error: 'nope' } };
}

function calledPaths(fetchMock: ReturnType<typeof stubFetchRoutes>): string[] {
  return fetchMock.mock.calls.map(([input]) => {
    const url = new URL(requestedUrl(input));
    return url.pathname + url.search;
  });
}

function location(): string {
  return screen.getByTestId('location').textContent;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('profile page', () => {
  it('shows the header, exact BTC stats and the collected stamps by default', async () => {
    const fetchMock = renderProfile('/profile/alice', defaultAnswer);
    expect(await screen.findByRole('heading', { level: 1, name: 'alice' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '@alice_btc' })).toHaveAttribute('href', 'https://x.com/alice_btc');
    const addresses = screen.getByRole('list', { name: 'Addresses' });
    expect(within(addresses).getByRole('link', { name: 'bc1qa...12345' })).toHaveAttribute(
      'href',
      `https://mempool.space/address/${ADDRESS_A}`,
    );
    expect(screen.getByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('1,234.56789012 BTC')).toBeInTheDocument();
    expect(screen.getByText('0.00027 BTC')).toBeInTheDocument();

    const grid = await screen.findByRole('list', { name: 'Collected stamps' });
    expect(within(grid).getAllByRole('link')).toHaveLength(2);
    expect(screen.getByText('1 - 2 of 30 results')).toBeInTheDocument();
    expect(calledPaths(fetchMock)).toContain(
      `/api/stamps/holders_addresses?addresses=${ADDRESS_A}%2C${ADDRESS_B}&offset=0&limit=100&sort=stamp%3Aasc`,
    );
    // The spec's tabs, in its order.
    const tabs = screen.getByRole('navigation', { name: 'Profile sections' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Collected', 'Minted', 'Owned', 'SRC-20', 'Wishlist', 'Activity', 'Collections']);
    expect(within(tabs).getByRole('link', { name: 'Collected' })).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('Profile: alice');
  });

  it('asks the minted and owned lists by the tab, with the page, and tab links reset the page', async () => {
    const fetchMock = renderProfile('/profile/alice?tab=minted&page=2', defaultAnswer);
    await screen.findByRole('list', { name: 'Minted stamps' });
    expect(calledPaths(fetchMock)).toContain(
      `/api/stamps/creator?addresses=${ADDRESS_A}%2C${ADDRESS_B}&offset=100&limit=100&sort=stamp%3Aasc`,
    );
    const owned = screen.getByRole('link', { name: 'Owned' });
    expect(owned).toHaveAttribute('href', '/profile/alice?tab=owned');
    fireEvent.click(owned);
    await screen.findByRole('list', { name: 'Owned stamps' });
    expect(calledPaths(fetchMock)).toContain(
      `/api/stamps/owner?addresses=${ADDRESS_A}%2C${ADDRESS_B}&offset=0&limit=100&sort=stamp%3Aasc`,
    );
    expect(screen.getByRole('link', { name: 'Collected' })).toHaveAttribute('href', '/profile/alice');
  });

  it('shows SRC-20 balances and the activity of the chosen address', async () => {
    const fetchMock = renderProfile('/profile/alice?tab=src20', defaultAnswer);
    const balances = await screen.findByRole('table', { name: 'SRC-20 balances' });
    expect(within(balances).getByRole('link', { name: 'PEPE' })).toHaveAttribute('href', '/src20/tick/PEPE');
    expect(within(balances).getByText('21M')).toHaveAttribute('title', '21,000,000.5');
    const activity = await screen.findByRole('table', { name: `SRC-20 activity of ${ADDRESS_A}` });
    expect(within(activity).getByRole('link', { name: 'KEVIN' })).toBeInTheDocument();
    expect(within(activity).getByText('800,123')).toBeInTheDocument();
    expect(calledPaths(fetchMock)).toContain(`/api/src20/activity/${ADDRESS_A}?page=1&limit=100`);

    fireEvent.change(screen.getByRole('combobox', { name: 'Address' }), { target: { value: ADDRESS_B } });
    expect(location()).toBe(`/profile/alice?tab=src20&address=${ADDRESS_B}`);
    await screen.findByRole('table', { name: `SRC-20 activity of ${ADDRESS_B}` });
  });

  it("follows each address's live SRC-20 balances", async () => {
    renderProfile('/profile/alice?tab=src20', defaultAnswer);
    const balances = await screen.findByRole('table', { name: 'SRC-20 balances' });
    const streams = FakeEventSource.instances.filter((source) => source.url.startsWith('/api/realtime/src20/holders/'));
    expect(streams.map((source) => source.url).sort()).toEqual([
      `/api/realtime/src20/holders/${ADDRESS_A}`,
      `/api/realtime/src20/holders/${ADDRESS_B}`,
    ]);
    const [streamA, streamB] = [ADDRESS_A, ADDRESS_B].map((address) =>
      streams.find((source) => source.url.endsWith(address)),
    );
    // The first address's balances arrive: they join the profile call's balances of the second.
    act(() => {
      streamA?.emit(`src20/holders/${ADDRESS_A}`, '[{"tick":"KEVIN","balance":"5000"}]');
    });
    const rows = () =>
      within(balances)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent);
    expect(await within(balances).findByRole('link', { name: 'KEVIN' })).toBeInTheDocument();
    expect(rows()).toHaveLength(2);
    // The second address sold its PEPE: its stream now says so.
    act(() => {
      streamB?.emit(`src20/holders/${ADDRESS_B}`, '[]');
      streamB?.emit('src20/holders/someone-else', '[{"tick":"NOPE","balance":"1"}]');
    });
    await vi.waitFor(() => {
      expect(within(balances).queryByRole('link', { name: 'PEPE' })).not.toBeInTheDocument();
    });
    expect(rows()).toEqual([expect.stringContaining('KEVIN')]);
    expect(within(balances).getByText('5k')).toHaveAttribute('title', '5,000');
  });

  it("copies an address and says 'Copied!' for one second", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderProfile('/profile/alice', defaultAnswer);
    await screen.findByRole('heading', { level: 1, name: 'alice' });
    vi.useFakeTimers();
    const button = screen.getByRole('button', { name: `Copy ${ADDRESS_B}` });
    await act(async () => {
      fireEvent.click(button);
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith(ADDRESS_B);
    expect(button).toHaveTextContent('Copied!');
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(button).toHaveTextContent('Copied!');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(button).toHaveTextContent(/^Copy$/);
    expect(button).toHaveAccessibleName(`Copy ${ADDRESS_B}`);
  });

  it('follows a redirect answer, replacing the history entry', async () => {
    renderProfile(`/profile/${ADDRESS_A}?tab=owned`, (url) =>
      url.pathname === `/api/profile/${ADDRESS_A}` ? { body: { redirect: 'alice' } } : defaultAnswer(url),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'alice' })).toBeInTheDocument();
    expect(location()).toBe('/profile/alice?tab=owned');
  });

  it("shows the API's message when the profile is not found", async () => {
    renderProfile('/profile/nobody', (url) =>
      url.pathname === '/api/profile/nobody'
        ? { status: 404, body: { error: 'profile not found' } }
        : defaultAnswer(url),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('profile not found');
  });

  it('names a profile without display name by its shortened id', async () => {
    renderProfile('/profile/x', (url) =>
      url.pathname === '/api/profile/x'
        ? { body: { ...alice, display_name: undefined, twitter: undefined, src20: [] } }
        : { body: { hits: [], estimatedTotalHits: 0, offset: 0, limit: 24 } },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'bc1qa...12345' })).toBeInTheDocument();
    expect(await screen.findByText('NO RESULTS')).toBeInTheDocument();
  });

  it("filters and sorts a stamp list with the finder's rules, each change resetting the page", async () => {
    const fetchMock = renderProfile('/profile/alice?tab=minted&page=2', defaultAnswer);
    await screen.findByRole('list', { name: 'Minted stamps' });
    // The profile's lists take no rarity filter.
    expect(screen.queryByRole('group', { name: 'Rarity' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'PNG' }));
    expect(location()).toBe('/profile/alice?tab=minted&types=png');
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Floor price' }));
    expect(location()).toBe('/profile/alice?tab=minted&types=png&sort=floor_price%3Adesc');
    await screen.findByRole('list', { name: 'Minted stamps' });
    expect(calledPaths(fetchMock)).toContain(
      `/api/stamps/creator?addresses=${ADDRESS_A}%2C${ADDRESS_B}&offset=0&limit=100&sort=floor_price%3Adesc&types=png`,
    );
    // A tab change drops the filters.
    expect(screen.getByRole('link', { name: 'Owned' })).toHaveAttribute('href', '/profile/alice?tab=owned');
  });

  it('offers the slideshow of the collected stamps, kept in ?slideshow= and never sent to the API', async () => {
    const fetchMock = renderProfile('/profile/alice', defaultAnswer);
    await screen.findByRole('list', { name: 'Collected stamps' });
    fireEvent.click(screen.getByRole('button', { name: 'Rotate 3D' }));
    expect(location()).toBe('/profile/alice?slideshow=rotate3d%2C3%2C3%2C0');
    const dialog = await screen.findByRole('dialog', { name: 'Slideshow' });
    expect(within(dialog).getAllByRole('img', { hidden: true }).length).toBeGreaterThan(0);
    expect(calledPaths(fetchMock).some((path) => path.includes('slideshow'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close slideshow' }));
    expect(location()).toBe('/profile/alice');
  });

  it('has no slideshow on the minted and owned lists', async () => {
    renderProfile('/profile/alice?tab=owned', defaultAnswer);
    await screen.findByRole('list', { name: 'Owned stamps' });
    expect(screen.queryByRole('button', { name: 'Rotate 3D' })).not.toBeInTheDocument();
  });

  it('scopes the stamp lists to ?collection=, across tabs, with a way back to all', async () => {
    const fetchMock = renderProfile('/profile/alice?collection=pepes', (url) =>
      url.pathname === '/api/collection/pepes'
        ? { body: { collection_id: 'pepes', name: 'Pepes', type: 'other' } }
        : defaultAnswer(url),
    );
    await screen.findByRole('list', { name: 'Collected stamps' });
    expect(calledPaths(fetchMock)).toContain(
      `/api/stamps/holders_addresses?addresses=${ADDRESS_A}%2C${ADDRESS_B}` +
        '&offset=0&limit=100&sort=stamp%3Aasc&collection=pepes',
    );
    expect(await screen.findByRole('link', { name: 'Pepes' })).toHaveAttribute('href', '/collection/pepes');
    expect(screen.getByRole('link', { name: 'Show all' })).toHaveAttribute('href', '/profile/alice');
    expect(screen.getByRole('link', { name: 'Minted' })).toHaveAttribute(
      'href',
      '/profile/alice?tab=minted&collection=pepes',
    );
  });

  it('lists the collections the user created on the Collections tab', async () => {
    const fetchMock = renderProfile('/profile/alice?tab=collections', (url) =>
      url.pathname === '/api/collections'
        ? {
            body: {
              hits: [
                {
                  collection_id: 'pepes',
                  name: 'Pepes',
                  type: 'other',
                  stamp_count: 3,
                  collector_count: 2,
                  stamp_ids: [],
                  stamp_images: [],
                },
              ],
              estimatedTotalHits: 1,
              offset: 0,
              limit: 50,
            },
          }
        : defaultAnswer(url),
    );
    const grid = await screen.findByRole('list', { name: 'Collections' });
    expect(within(grid).getByRole('link')).toHaveAttribute('href', '/collection/pepes');
    expect(calledPaths(fetchMock)).toContain(`/api/collections?user_id=${ADDRESS_A}&limit=50`);
    // A visitor's view of someone's profile: no create button, no Edit buttons.
    expect(screen.queryByRole('button', { name: /create/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /edit/i })).not.toBeInTheDocument();
  });

  it("offers '+ Create a collection' on the signed-in user's own Collections tab", async () => {
    renderProfile(
      '/profile/alice?tab=collections',
      (url) =>
        url.pathname === '/api/user'
          ? { body: { user_id: ADDRESS_A, username: 'alice', addresses: [ADDRESS_A], wishlist: [] } }
          : url.pathname === '/api/collections'
            ? { body: { hits: [], estimatedTotalHits: 0, offset: 0, limit: 50 } }
            : defaultAnswer(url),
      'unisat',
    );
    expect(await screen.findByRole('button', { name: '+ Create a collection' })).toBeInTheDocument();
  });

  it('displays a user id shorter than 42 characters as a creator', async () => {
    renderProfile('/profile/artist', (url) =>
      url.pathname === '/api/profile/artist'
        ? { body: { ...alice, user_id: 'artist', display_name: undefined } }
        : defaultAnswer(url),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'artist' })).toBeInTheDocument();
    expect(screen.getByText('Creator')).toBeInTheDocument();
  });

  it("lists the Counterparty activity of the profile's addresses: asset, event, quantity and date", async () => {
    const fetchMock = renderProfile('/profile/alice?tab=activity&page=2', (url) =>
      url.pathname === '/api/activity'
        ? {
            body: {
              hits: [
                {
                  asset: 'A1',
                  asset_longname: null,
                  quantity: '150000000',
                  divisible: true,
                  tx_type: 'send',
                  tx_hash: 'tx1',
                  block_index: 800001,
                  timestamp: 1680000600,
                },
                {
                  asset: 'XCP',
                  asset_longname: null,
                  quantity: '3',
                  divisible: false,
                  tx_type: 'buy',
                  tx_hash: 'tx2',
                  block_index: 800000,
                  timestamp: 1680000000,
                },
              ],
              estimatedTotalHits: 22,
              offset: 20,
              limit: 20,
            },
          }
        : defaultAnswer(url),
    );
    const table = await screen.findByRole('table', { name: 'Activity' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Asset', 'Event', 'Quantity', 'Date']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first as HTMLElement).getByRole('link', { name: 'A1' })).toHaveAttribute('href', '/stamp/A1');
    expect(first).toHaveTextContent('Send');
    expect(first).toHaveTextContent('1.5');
    expect(first).toHaveTextContent('2023-03-28 10:50 UTC');
    // XCP is no stamp: named, not linked.
    expect(within(second as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Buy');
    expect(screen.getByText('21 - 22 of 22 results')).toBeInTheDocument();
    expect(calledPaths(fetchMock)).toContain(`/api/activity?addresses=${ADDRESS_A}%2C${ADDRESS_B}&page=2&limit=100`);
  });

  it("lists the user's wishlist with the finder's filters", async () => {
    const fetchMock = renderProfile('/profile/alice?tab=wishlist&types=png', (url) =>
      url.pathname === `/api/user/wishlist/${ADDRESS_A}`
        ? { body: { hits: [stamp(5)], estimatedTotalHits: 1, offset: 0, limit: 24 } }
        : defaultAnswer(url),
    );
    const grid = await screen.findByRole('list', { name: 'Wishlist stamps' });
    expect(within(grid).getByRole('link')).toHaveAttribute('href', '/stamp/A5');
    expect(calledPaths(fetchMock)).toContain(
      `/api/user/wishlist/${ADDRESS_A}?offset=0&limit=100&sort=stamp%3Aasc&types=png`,
    );
    expect(screen.queryByRole('button', { name: 'Rotate 3D' })).not.toBeInTheDocument();
  });
});
