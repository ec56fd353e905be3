import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteVariant } from '@/config/site';
import { makeCollection } from '@/features/collections/fixtures';
import { initialSession } from '@/lib/session';
import { stubFetchRoutes } from '@/testing/render';
import { availableMintTabs, MINT_TABS, mintTabRoutes, type MintTab } from './mint-tabs';
import { routes } from './router';
import { makeStore } from './store';

function renderApp(path: string, site: SiteVariant = 'stamps', store = makeStore({ site: { variant: site } })) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

const launchpad = makeCollection({ collection_id: 'pixels', name: 'Pixels', is_launchpad: true, max: 100, fee: 0 });

function stubApi() {
  return stubFetchRoutes((url) =>
    url.pathname === '/api/collections' && url.searchParams.get('only') === 'launchpad'
      ? { body: { hits: [launchpad], estimatedTotalHits: 1, offset: 0, limit: 50 } }
      : { body: { hits: [], estimatedTotalHits: 0, offset: 0, limit: 24 } },
  );
}

async function mintTabs() {
  return within(await screen.findByRole('navigation', { name: 'Mint tools' }));
}

describe('mint routes', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  it('shows the Launchpads tab at /mint, its launchpads linking to their collection pages', async () => {
    stubApi();
    renderApp('/mint');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mint' })).toBeInTheDocument();
    const tabs = await mintTabs();
    expect(tabs.getByRole('link', { name: 'Launchpads' })).toHaveAttribute('aria-current', 'page');
    expect(tabs.getByRole('link', { name: 'Src721 Builder' })).not.toHaveAttribute('aria-current');
    const list = await screen.findByRole('list', { name: 'Launchpads' });
    expect(within(list).getByRole('link', { name: 'Pixels' })).toHaveAttribute('href', '/collection/pixels');
    await waitFor(() => {
      expect(document.title).toBe('Mint: Launchpads');
    });
  });

  it('shows the Src721 Builder tab at /mint/src721-builder, its Mint disabled while a check fails', async () => {
    stubApi();
    renderApp('/mint/src721-builder');
    const tabs = await mintTabs();
    expect(tabs.getByRole('link', { name: 'Src721 Builder' })).toHaveAttribute('aria-current', 'page');
    expect(tabs.getByRole('link', { name: 'Launchpads' })).not.toHaveAttribute('aria-current');
    expect(await screen.findByRole('textbox', { name: 'SRC-721 deploy JSON' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Collection Name is required');
    expect(screen.getByRole('button', { name: 'Mint' })).toBeDisabled();
    await waitFor(() => {
      expect(document.title).toBe('Mint: Src721 Builder');
    });
  });

  it('shows the Bit Melody tab at /mint/bit-melody, its Mint handing the BMN file to the wallet frame', async () => {
    stubApi();
    const store = makeStore({ site: { variant: 'stamps' }, session: { ...initialSession(''), logged: 'ninja' } });
    renderApp('/mint/bit-melody', 'stamps', store);
    const tabs = await mintTabs();
    expect(tabs.getByRole('link', { name: 'Bit Melody' })).toHaveAttribute('aria-current', 'page');
    const roll = await screen.findByRole('group', { name: 'Piano roll' });
    const actions = within(screen.getByRole('group', { name: 'Melody' }));
    expect(actions.getByRole('button', { name: 'Mint' })).toBeDisabled();
    fireEvent.click(within(roll).getByLabelText('C3 at step 1', { selector: 'button' }));
    fireEvent.click(actions.getByRole('button', { name: 'Mint' }));
    // BMN, version 1, 120 BPM, instrument 0, one note: C3 for an eighth.
    expect(store.getState().walletFrame.request).toEqual({ action: 'mint', file: btoa('BMN\x01\x78\x00\x01\x30\x01') });
    await waitFor(() => {
      expect(document.title).toBe('Mint: Bit Melody');
    });
  });

  it('shows the Stamp Mixer tab at /mint/stamp-mixer, its Mint disabled while the canvas is empty', async () => {
    stubApi();
    renderApp('/mint/stamp-mixer');
    const tabs = await mintTabs();
    expect(tabs.getByRole('link', { name: 'Stamp Mixer' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('button', { name: 'Add text' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mint' })).toBeDisabled();
    await waitFor(() => {
      expect(document.title).toBe('Mint: Stamp Mixer');
    });
  });

  it('shows only the tabs whose tool exists, and moves between them by URL', async () => {
    stubApi();
    const router = renderApp('/mint');
    const tabs = await mintTabs();
    expect(tabs.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Launchpads',
      'Bit Melody',
      'Stamp Mixer',
      'Src721 Builder',
    ]);
    fireEvent.click(tabs.getByRole('link', { name: 'Src721 Builder' }));
    expect(await screen.findByRole('textbox', { name: 'SRC-721 deploy JSON' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/mint/src721-builder');
  });

  it("links the Stamps site's Mint entry to /mint, current on each tab", async () => {
    stubApi();
    renderApp('/mint/src721-builder');
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    const mint = nav.getByRole('link', { name: 'Mint' });
    expect(mint).toHaveAttribute('href', '/mint');
    await waitFor(() => {
      expect(mint).toHaveAttribute('aria-current', 'page');
    });
  });

  it.each(['/mint', '/mint/src721-builder'])('has no mint tools on the XCP site: %s is its 404 page', async (path) => {
    stubApi();
    renderApp(path, 'xcp');
    expect(await screen.findByRole('heading', { level: 1, name: 'There nothing here...' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Mint tools' })).not.toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.queryByRole('link', { name: 'Mint' })).not.toBeInTheDocument();
  });
});

describe('mint tabs', () => {
  it("lists the spec's four tabs in order, shows those whose tool exists", () => {
    expect(MINT_TABS.map((tab) => [tab.label, tab.path.getHref()])).toEqual([
      ['Launchpads', '/mint'],
      ['Bit Melody', '/mint/bit-melody'],
      ['Stamp Mixer', '/mint/stamp-mixer'],
      ['Src721 Builder', '/mint/src721-builder'],
    ]);
    expect(availableMintTabs().map((tab) => tab.label)).toEqual([
      'Launchpads',
      'Bit Melody',
      'Stamp Mixer',
      'Src721 Builder',
    ]);
  });

  it("routes each tab shown, the first one at the page's base path", () => {
    expect(mintTabRoutes().map((route) => (route.index ? 'index' : route.path))).toEqual([
      'index',
      'bit-melody',
      'stamp-mixer',
      'src721-builder',
    ]);
  });

  it('shows and routes no tab whose line has no route module', () => {
    const tabs: MintTab[] = MINT_TABS.map((tab) =>
      tab.label === 'Stamp Mixer' ? { label: tab.label, path: tab.path } : tab,
    );
    expect(availableMintTabs(tabs).map((tab) => tab.label)).toEqual(['Launchpads', 'Bit Melody', 'Src721 Builder']);
    expect(mintTabRoutes(tabs).map((route) => route.path)).toEqual([undefined, 'bit-melody', 'src721-builder']);
  });
});
