import { render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteVariant } from '@/config/site';
import { requestedUrl, stubFetchRoutes } from '@/testing/render';
import { routes } from './router';
import { makeStore } from './store';

function renderApp(path: string, site: SiteVariant = 'stamps') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Provider store={makeStore({ site: { variant: site } })}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

const announcement = { announcement: { content: 'Advent is here', moreLink: '/advent-calendar', logo: null } };

function curatedApi() {
  return stubFetchRoutes((url) => {
    switch (url.pathname) {
      case '/api/announcement':
        return { body: announcement };
      case '/api/feat':
        return {
          body: { title: 'Winter drops', description: 'Cold', hits: [], estimatedTotalHits: 0, offset: 0, limit: 24 },
        };
      case '/api/advent':
        return { body: { year: 2026, days: [] } };
      default:
        return { body: { hits: [], estimatedTotalHits: 0, offset: 0, limit: 24 } };
    }
  });
}

describe('curated content routes', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  it('serves the themed featured list at /feat', async () => {
    curatedApi();
    renderApp('/feat');
    // The first route of the file loads its modules cold, which can take seconds on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Winter drops' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('NO RESULTS')).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Winter drops');
    });
  });

  it('serves the advent calendar at /advent-calendar, reached by URL only', async () => {
    curatedApi();
    renderApp('/advent-calendar');
    expect(await screen.findByRole('heading', { level: 1, name: 'Advent calendar 2026' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: /advent/i })).not.toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Advent calendar');
    });
    // The announcement links here, so it is hidden on this page.
    expect(screen.queryByRole('complementary', { name: 'Announcement' })).not.toBeInTheDocument();
  });

  it('shows the page at once and the announcement, when it answers, in the dock after the footer', async () => {
    let answer: (() => void) | undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (new URL(requestedUrl(input)).pathname === '/api/announcement') {
          await answered;
          return json(announcement);
        }
        return json({
          title: 'Winter drops',
          description: 'Cold',
          hits: [],
          estimatedTotalHits: 0,
          offset: 0,
          limit: 24,
        });
      }),
    );
    renderApp('/feat');
    // The page does not wait for the announcement.
    expect(await screen.findByRole('heading', { level: 1, name: 'Winter drops' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Announcement' })).not.toBeInTheDocument();
    answer?.();
    const banner = await screen.findByRole('complementary', { name: 'Announcement' });
    expect(banner).toHaveTextContent('Advent is here');
    expect(within(banner).getByRole('link', { name: 'More info' })).toHaveAttribute('href', '/advent-calendar');
    expect(
      screen.getByRole('contentinfo').compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(banner.parentElement).toHaveClass('dock');
  });

  it('has no announcement on the XCP site', async () => {
    const fetchMock = curatedApi();
    renderApp('/feat', 'xcp');
    expect(await screen.findByRole('heading', { level: 1, name: 'Winter drops' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Announcement' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => new URL(requestedUrl(input)).pathname === '/api/announcement')).toBe(
      false,
    );
  });
});
