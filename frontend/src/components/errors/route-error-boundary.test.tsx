import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error-boundary';

function renderRoute(route: Parameters<typeof createMemoryRouter>[0][number]) {
  const router = createMemoryRouter([{ path: '/', ErrorBoundary: RouteErrorBoundary, ...route }]);
  render(<RouterProvider router={router} />);
}

describe('RouteErrorBoundary', () => {
  it('shows the 500 page when a page throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderRoute({
      Component: () => {
        throw new Error('boom');
      },
    });
    expect(
      await screen.findByText('Internal server error, try to reload or contact us if the problem persists.'),
    ).toBeInTheDocument();
  });

  it('shows the 404 page for a router 404', async () => {
    renderRoute({
      loader: () => {
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's way to signal a 404
        throw new Response('', { status: 404 });
      },
      Component: () => null,
      HydrateFallback: () => null,
    });
    expect(await screen.findByText('There nothing here...')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});
