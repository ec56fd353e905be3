import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteVariant } from '@/config/site';
import { sendLiveValue } from '@/testing/event-source';
import { requestedUrl, stubFetchJson, stubFetchRoutes } from '@/testing/render';
import { routes } from './router';
import { makeStore } from './store';

const CPID = 'A3471624412617400000';

const stamp = {
  cpid: CPID,
  stamp: 1234,
  block_index: 779653,
  block_time: 1680000600,
  tx_hash: '50aeb77245a9483a5b077e4e7506c331dc2f628c22046e7d2b4c6ad6c6236ae1',
  creator: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  supply: '1',
  divisible: false,
  locked: true,
  keyburn: true,
  ident: 'STAMP',
  is_cursed: false,
  stamp_mimetype: 'image/png',
  stamp_url: `/s/${CPID}`,
  file_size: 373,
  stamp_hash: 'abcdefghijklmnopqrst',
};

function renderApp(path: string, site: SiteVariant = 'stamps') {
  const store = makeStore({ site: { variant: site } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return store;
}

async function expectTitle(title: string) {
  await waitFor(() => {
    expect(document.title).toBe(title);
  });
}

describe('app routes', () => {
  beforeEach(() => {
    // The shell's ScrollRestoration scrolls on every navigation; jsdom does not implement scrolling.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  it('wraps every page in the shell landmarks', async () => {
    stubFetchJson(200, { hits: [], estimatedTotalHits: 0, offset: 0, limit: 24 });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bitcoin Stamps' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('search')).toBeInTheDocument();
    await expectTitle('Bitcoin Stamps');
  });

  it.each([
    ['/search', 'Finder'],
    ['/search/pepe', 'Finder: pepe'],
  ])('titles %s %j', async (path, title) => {
    stubFetchJson(200, { hits: [], estimatedTotalHits: 0, offset: 0, limit: 24 });
    renderApp(path);
    await expectTitle(title);
  });

  it('renders the stamp detail page at /stamp/{cpid}', async () => {
    stubFetchJson(200, stamp);
    renderApp(`/stamp/${CPID}`);
    expect(await screen.findByRole('heading', { level: 1, name: '#1234' })).toBeInTheDocument();
    await expectTitle(`Stamp: ${CPID}`);
  });

  const asset = {
    cpid: CPID,
    asset_longname: null,
    description: '',
    xcp_json_url: null,
    xcp_image_url: null,
    supply: '1',
    divisible: false,
    locked: true,
    owner: null,
    destructions: '0',
    block_index: 800000,
    stamp,
    holders: [],
    dispensers: [],
    dispenses: [],
    dividends: [],
    fairminter: null,
    collection_id: [],
  };

  it("titles the asset page 'Asset: {cpid}' and the home page with the XCP brand on the XCP site", async () => {
    stubFetchJson(200, asset);
    renderApp(`/asset/${CPID}`, 'xcp');
    expect(await screen.findByRole('heading', { level: 1, name: '#1234' })).toBeInTheDocument();
    await expectTitle(`Asset: ${CPID}`);
    expect(screen.getByRole('link', { name: 'Counterparty Assets, home' })).toBeInTheDocument();
  });

  it("adds the creator's profile name to the asset page's title", async () => {
    stubFetchJson(200, { ...asset, stamp: null, creator: 'bc1qcreator', creator_name: 'alice' });
    renderApp(`/asset/${CPID}`, 'xcp');
    await expectTitle(`Asset: ${CPID} - alice`);
  });

  it('redirects /src20 to the SRC-20 finder', async () => {
    stubFetchJson(200, { hits: [], estimatedTotalHits: 0, offset: 0, limit: 24 });
    const router = createMemoryRouter(routes, { initialEntries: ['/src20'] });
    render(
      <Provider store={makeStore({ site: { variant: 'stamps' } })}>
        <RouterProvider router={router} />
      </Provider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'SRC-20' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/src20/search');
    await expectTitle('SRC-20');
  });

  it.each([
    ['/src20/search', 'SRC-20'],
    ['/src20/search/pe', 'SRC-20: pe'],
  ])('titles %s %j', async (path, title) => {
    stubFetchJson(200, { hits: [], estimatedTotalHits: 0, offset: 0, limit: 24 });
    renderApp(path);
    await expectTitle(title);
  });

  it('renders an SRC-20 tick page, titled after the tick', async () => {
    stubFetchJson(404, { error: 'SRC-20 tick not found' });
    renderApp('/src20/tick/NOPE');
    expect(await screen.findByText('SRC-20 tick not found')).toBeInTheDocument();
    await expectTitle('SRC-20: NOPE');
  });

  it.each<SiteVariant>(['stamps', 'xcp'])('opens the Faq from the navigation of the %s site', async (site) => {
    stubFetchJson(200, { hits: [], estimatedTotalHits: 0, offset: 0, limit: 24 });
    renderApp('/', site);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    fireEvent.click(within(nav).getByRole('link', { name: 'Faq' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeInTheDocument();
    for (const question of ['What are stamps?', 'What is SRC-20?', 'What are dispensers?']) {
      expect(screen.getByRole('heading', { level: 2, name: question })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { level: 2, name: 'What are atomic swaps?' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'How do fees work?' })).toBeInTheDocument();
    await expectTitle('Faq');
  });

  it('serves the analytics dashboard at /kpi, off the navigation; a visitor goes home', async () => {
    const fetchMock = stubFetchRoutes(({ pathname }) =>
      pathname === '/api/log'
        ? { status: 401, body: { error: 'Unauthorized' } }
        : { body: { hits: [], estimatedTotalHits: 0, offset: 0, limit: 24 } },
    );
    const router = createMemoryRouter(routes, { initialEntries: ['/kpi'] });
    render(
      <Provider store={makeStore({ site: { variant: 'stamps' } })}>
        <RouterProvider router={router} />
      </Provider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Bitcoin Stamps' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(fetchMock.mock.calls.some(([input]) => requestedUrl(input).includes('/api/log?origin=stamps'))).toBe(true);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: /analytics|kpi/i })).not.toBeInTheDocument();
  });

  it('shows the 404 page for an unknown path', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByText('There nothing here...')).toBeInTheDocument();
    await expectTitle('Page not found');
  });

  it.each([
    ['/discord', 'Discord'],
    ['/telegram', 'Telegram'],
  ])('serves the %s redirect page', async (path, name) => {
    const assign = vi.fn<(url: string) => void>();
    vi.stubGlobal('location', { assign });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: `Redirecting to ${name}…` })).toBeInTheDocument();
    // The redirect runs in an effect, which may land after the heading under a loaded test run.
    await waitFor(() => {
      expect(assign).toHaveBeenCalledTimes(1);
    });
    await expectTitle(name);
  });

  it('switches to the XCP site on ?site=xcp', async () => {
    stubFetchJson(200, { hits: [], estimatedTotalHits: 0, offset: 0, limit: 24 });
    const store = renderApp('/?site=xcp');
    expect(await screen.findByRole('heading', { level: 1, name: 'Counterparty Assets' })).toBeInTheDocument();
    await sendLiveValue('xcp-stats', []);
    expect(await screen.findByRole('heading', { level: 2, name: 'Latest assets' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search for an XCP asset...')).toBeInTheDocument();
    expect(store.getState().site.variant).toBe('xcp');
  });
});
