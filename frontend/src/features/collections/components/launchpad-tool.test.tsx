import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, requestedUrl, stubFetchRoutes } from '@/testing/render';
import { makeCollection } from '../fixtures';
import { LaunchpadTool } from './launchpad-tool';

const HOUR = 3600 * 1000;
const NOW = Date.UTC(2026, 7, 20, 12, 0, 0);

const info = {
  collectionId: 'pixels',
  history: [
    [1786834167, 2],
    [1786877967, 12],
  ],
  totalMinters: 5,
  firstMintDate: 1786834167,
  lastMintDate: 1786877967,
  topMinters: [
    { address: 'bc1qwwnw8sxhucjd42nqu75yf7wrntgl6ceglmhpg7', count: 6 },
    { address: 'alice', count: 2 },
  ],
  stamps: [],
};

const samples = [
  { b64: 'AAAA', layers: ['A1', 'A2'] },
  { b64: 'BBBB', layers: ['A3', 'A2'] },
];

function launchpad(overrides: Parameters<typeof makeCollection>[0] = {}) {
  return makeCollection({
    collection_id: 'pixels',
    name: 'Pixels',
    is_launchpad: true,
    stamp_count: 12,
    max: 100,
    quantity_per_mint: 1,
    fee: 0,
    public_mint: [NOW - HOUR, NOW + 2 * HOUR],
    free_mint: [NOW - HOUR, NOW + 30 * 60_000],
    ...overrides,
  });
}

function renderTool(
  collection: ReturnType<typeof launchpad>,
  preview: { status?: number; body: unknown } = { body: { samples } },
) {
  const fetchMock = stubFetchRoutes((url) => {
    if (url.pathname === '/api/launchpad/pixels') return { body: info };
    if (url.pathname === '/api/wallet/mint/preview/pixels') return preview;
    return { status: 404, body: { error: 'not found' } };
  });
  renderWithProviders(<LaunchpadTool collection={collection} />);
  return fetchMock;
}

describe('LaunchpadTool', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts the open public mint down each second, with the free-mint window, terms and mint button', async () => {
    const clock = vi.spyOn(Date, 'now').mockReturnValue(NOW);
    renderTool(launchpad());
    const mint = await screen.findByRole('region', { name: 'Mint' });
    expect(within(mint).getByText('Mint Open for')).toBeInTheDocument();
    expect(within(mint).getByRole('timer')).toHaveTextContent('02:00:00');
    expect(mint).toHaveTextContent('Public mint: End in 02:00:00');
    expect(within(mint).getByText('FREE only for 00:30:00')).toBeInTheDocument();
    expect(mint).toHaveTextContent('PriceFree');
    expect(mint).toHaveTextContent('Minted12 / 100');
    expect(mint).toHaveTextContent('Per mint1/1');
    expect(within(mint).getByRole('progressbar', { name: 'Pixels minted' })).toHaveAttribute('aria-valuenow', '12');
    // Free inside the free-mint window; the whitelist check is in the mint dialog.
    expect(within(mint).getByRole('button', { name: 'Free Mint' })).toBeEnabled();
    expect(within(mint).queryByRole('textbox')).not.toBeInTheDocument();

    clock.mockReturnValue(NOW + 1000);
    await waitFor(
      () => {
        expect(within(mint).getByRole('timer')).toHaveTextContent('01:59:59');
      },
      { timeout: 2500 },
    );
  });

  it("reads 'Mint Starts in' before the start, in days beyond 36 hours", async () => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    renderTool(launchpad({ public_mint: [NOW + 3 * 24 * HOUR, NOW + 9 * 24 * HOUR], free_mint: null, fee: 30000 }));
    const mint = await screen.findByRole('region', { name: 'Mint' });
    expect(within(mint).getByText('Mint Starts in')).toBeInTheDocument();
    expect(within(mint).getByRole('timer')).toHaveTextContent('3 days');
    expect(mint).toHaveTextContent('Public mint: Start in 3 days');
    expect(mint).not.toHaveTextContent('FREE only');
    expect(mint).toHaveTextContent('Price0.0003 BTC');
    expect(within(mint).getByRole('button', { name: 'Preview' })).toBeDisabled();
  });

  it("says 'Mint Closed ... ago' and that the public mint is closed after its end", async () => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    renderTool(launchpad({ public_mint: [NOW - 10 * HOUR, NOW - 5 * HOUR] }));
    const mint = await screen.findByRole('region', { name: 'Mint' });
    expect(within(mint).getByText('Mint Closed', { selector: 'p' })).toBeInTheDocument();
    expect(within(mint).getByRole('button', { name: 'Mint Closed' })).toBeDisabled();
    expect(within(mint).getByRole('timer')).toHaveTextContent('05:00:00 ago');
    expect(mint).toHaveTextContent('Public mint is closed');
  });

  it('rotates the preview 4 images a second, and pauses on request', async () => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    renderTool(launchpad());
    const image = await screen.findByRole('img', { name: 'A mint this launchpad may draw' });
    expect(image).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(screen.getByText(/2 combinations/)).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
    expect(image).toHaveAttribute('src', 'data:image/png;base64,BBBB');
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(image).toHaveAttribute('src', 'data:image/png;base64,BBBB');
    expect(screen.getByRole('button', { name: 'Play' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('asks no preview for an SRC-721 launchpad, and mints it without one', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    const fetchMock = renderTool(launchpad({ type: 'src721' }));
    expect(await screen.findByRole('button', { name: 'Free Mint' })).toBeEnabled();
    await screen.findByRole('region', { name: 'Mint' });
    expect(fetchMock.mock.calls.map(([input]) => new URL(requestedUrl(input)).pathname)).toEqual([
      '/api/launchpad/pixels',
    ]);
    expect(screen.queryByRole('img', { name: 'A mint this launchpad may draw' })).not.toBeInTheDocument();
  });

  it('shows no preview when the launchpad has none (404), and disables its mint button', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    renderTool(launchpad(), { status: 404, body: { error: 'this launchpad has no curated layers to preview' } });
    const mint = await screen.findByRole('region', { name: 'Mint' });
    expect(screen.queryByRole('img', { name: 'A mint this launchpad may draw' })).not.toBeInTheDocument();
    expect(within(mint).getByRole('button', { name: 'Free Mint' })).toBeDisabled();
  });

  it("reads 'Mint Now' for a fee outside the free window; a visitor is asked to sign in first", async () => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    stubFetchRoutes((url) => {
      if (url.pathname === '/api/launchpad/pixels') return { body: info };
      if (url.pathname === '/api/wallet/mint/preview/pixels') return { body: { samples } };
      return { status: 404, body: { error: 'not found' } };
    });
    const collection = launchpad({ fee: 30000, free_mint: [NOW - 2 * HOUR, NOW - HOUR] });
    const { store } = renderWithProviders(<LaunchpadTool collection={collection} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Mint Now' }));
    expect(store.getState().session.signIn).toBe('connect');
    expect(store.getState().mint).toEqual({ request: { action: 'mint-launchpad', collection }, pending: true });
  });

  it('opens the launchpad mint of the collection when signed in with a wallet that signs', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    stubFetchRoutes((url) => {
      if (url.pathname === '/api/launchpad/pixels') return { body: info };
      if (url.pathname === '/api/wallet/mint/preview/pixels') return { body: { samples } };
      return { status: 404, body: { error: 'not found' } };
    });
    const collection = launchpad();
    const { store } = renderWithProviders(<LaunchpadTool collection={collection} />, { logged: 'leather' });
    fireEvent.click(await screen.findByRole('button', { name: 'Free Mint' }));
    expect(store.getState().session.signIn).toBeNull();
    expect(store.getState().mint).toEqual({ request: { action: 'mint-launchpad', collection }, pending: false });
  });

  it(
    'shows the stats of /api/launchpad/{id}: minters, first ' +
      'and last mint, top minters shortened past 20 characters',
    async () => {
      renderTool(launchpad());
      const stats = await screen.findByRole('region', { name: 'Launchpad stats' });
      expect(stats).toHaveTextContent('Minters5');
      expect(stats).toHaveTextContent('First mint2026-08-15 22:49 UTC');
      expect(stats).toHaveTextContent('Last mint2026-08-16 10:59 UTC');
      expect(within(stats).getByRole('figure', { name: 'Mint history' })).toBeInTheDocument();
      const minters = within(stats).getByRole('table', { name: 'Top minters' });
      expect(within(minters).getByRole('link', { name: 'bc1qw...mhpg7' })).toHaveAttribute(
        'href',
        '/profile/bc1qwwnw8sxhucjd42nqu75yf7wrntgl6ceglmhpg7',
      );
      expect(within(minters).getByRole('link', { name: 'alice' })).toBeInTheDocument();
    },
  );

  it('hides the history chart under 2 points', async () => {
    stubFetchRoutes((url) =>
      url.pathname === '/api/launchpad/pixels'
        ? { body: { ...info, history: [[1786834167, 2]] } }
        : { status: 404, body: {} },
    );
    renderWithProviders(<LaunchpadTool collection={launchpad()} />);
    const stats = await screen.findByRole('region', { name: 'Launchpad stats' });
    expect(within(stats).queryByRole('figure', { name: 'Mint history' })).not.toBeInTheDocument();
  });

  it('lists the whitelist rounds, each item linking by its type: stamp, collection, SRC-20 tick', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    renderTool(
      launchpad({
        white_list_config: [
          {
            time_range: [NOW - 2 * HOUR, NOW + HOUR],
            fee: 0,
            limit: 50,
            limit_per_hold: 2,
            groups: [
              [{ type: 'collection', id: 'punks', quantity: 1 }],
              [
                { type: 'stamp', id: 'A7' },
                { type: 'token', id: 'KEVIN', quantity: 1000 },
              ],
            ],
          },
          { time_range: 'soon', fee: 10, limit: 1, limit_per_hold: 1, groups: [[{ type: 'stamp', id: 'A8' }]] },
        ],
      }),
    );
    const whitelist = await screen.findByRole('region', { name: 'Whitelist' });
    // The round without a readable window is left out.
    expect(whitelist.querySelectorAll('.whitelist-round')).toHaveLength(1);
    expect(whitelist).toHaveTextContent('Round 1 Open');
    expect(whitelist).toHaveTextContent('PriceFree');
    expect(whitelist).toHaveTextContent('Limit50');
    expect(whitelist).toHaveTextContent('Per item held2');
    const first = within(whitelist).getByRole('list', { name: 'Round 1, group 1' });
    expect(within(first).getByRole('link', { name: /Collection\s*punks/ })).toHaveAttribute(
      'href',
      '/collection/punks',
    );
    const second = within(whitelist).getByRole('list', { name: 'Round 1, group 2' });
    expect(within(second).getByRole('link', { name: /Stamp\s*A7/ })).toHaveAttribute('href', '/stamp/A7');
    expect(within(second).getByRole('link', { name: /SRC-20\s*KEVIN\s*×1,000/ })).toHaveAttribute(
      'href',
      '/src20/tick/KEVIN',
    );
    // No control to check eligibility: that needs the wallet.
    expect(within(whitelist).queryByRole('button')).not.toBeInTheDocument();
    expect(within(whitelist).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows no whitelist without rounds', async () => {
    renderTool(launchpad({ white_list_config: [] }));
    await screen.findByRole('region', { name: 'Mint' });
    expect(screen.queryByRole('region', { name: 'Whitelist' })).not.toBeInTheDocument();
  });
});
