import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCollection } from '@/features/collections/fixtures';
import { stubFetchRoutes } from '@/testing/render';
import { routes } from './router';
import { makeStore } from './store';

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Provider store={makeStore({ site: { variant: 'stamps' } })}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

const empty = { hits: [], estimatedTotalHits: 0, offset: 0, limit: 20 };

describe('collection routes', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  it.each(['/collections', '/collections/pep'])('renders the collections list at %s', async (path) => {
    stubFetchRoutes(() => ({ body: empty }));
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Collections' })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe(path === '/collections' ? 'Collections' : 'Collections: pep');
    });
  });

  it.each([
    ['/collection/pepes', 'Stamps'],
    ['/collection/pepes/collectors', 'Collectors'],
    ['/collection/pepes/burned', 'Burned'],
  ])('renders %s with its %s tab', async (path, tab) => {
    stubFetchRoutes((url) => (url.pathname === '/api/collection/pepes' ? { body: makeCollection() } : { body: empty }));
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pepes' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: tab })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page');
  });
});
