import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '@/testing/event-source';
import { makeTestStore, renderWithProviders } from '@/testing/render';
import { Footer } from './footer';

/** The realtime values in the RTK Query cache. */
function realtimeCache(state: ReturnType<ReturnType<typeof makeTestStore>['getState']>): unknown {
  return Object.values(state.api.queries).find((entry) => entry?.endpointName === 'getRealtime')?.data;
}

describe('Footer', () => {
  it('links to the Discord and Telegram pages of the site, and to no X account', () => {
    renderWithProviders(<Footer />);
    const nav = within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'Community' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Discord', '/discord'],
      ['Telegram', '/telegram'],
    ]);
    expect(screen.queryByRole('link', { name: /twitter|^x$/i })).not.toBeInTheDocument();
  });

  it('links to the social account when the build sets one', async () => {
    vi.stubEnv('VITE_SOCIAL_URL', 'https://x.com/example');
    vi.resetModules();
    try {
      const { Footer: ConfiguredFooter } = await import('./footer');
      const { renderWithProviders: render } = await import('@/testing/render');
      render(<ConfiguredFooter />);
      const nav = within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'Community' });
      expect(within(nav).getByRole('link', { name: 'X' })).toHaveAttribute('href', 'https://x.com/example');
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });

  it('shows the Counterparty version only once the realtime stream has sent it', async () => {
    const { store } = renderWithProviders(<Footer />);
    expect(screen.queryByText(/Counterparty/)).not.toBeInTheDocument();

    await act(async () => {
      await Promise.resolve();
    });
    const stream = FakeEventSource.instances[0];
    expect(stream?.url).toBe('/api/realtime');

    act(() => {
      stream?.emit('fees', '{"fastestFee":12}');
      stream?.emit('cpVersion', 'not json');
      stream?.emit('cpVersion', '11');
    });
    // The cache takes events at once (the re-render is batched): nothing was taken for a version.
    expect(realtimeCache(store.getState())).toEqual({});
    expect(screen.queryByText(/Counterparty/)).not.toBeInTheDocument();

    act(() => {
      stream?.emit('cpVersion', '"11.2.0"');
    });
    expect(await screen.findByText('Counterparty v11.2.0')).toBeInTheDocument();
  });

  it('shows the last block the catalogue projected, from the live value catalogue', async () => {
    renderWithProviders(<Footer />);
    await act(async () => {
      await Promise.resolve();
    });
    const stream = FakeEventSource.instances[0];
    act(() => {
      stream?.emit('catalogue', '{"version":"v1"}');
    });
    expect(screen.queryByText(/^Block/)).not.toBeInTheDocument();
    act(() => {
      stream?.emit('catalogue', '{"version":"18eae023d35fb424","height":963203}');
    });
    expect(await screen.findByText('Block 963,203')).toBeInTheDocument();
  });
});
