import { configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { api } from '@/lib/api';

/** Renders `ui` with a fresh store (empty cache) inside a memory router at `route`. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
  return {
    store,
    ...render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </Provider>,
    ),
  };
}

/** Stubs `fetch` to answer every request with `body` as JSON and `status`; returns the mock. */
export function stubFetchJson(status: number, body: unknown) {
  const fetchMock = vi.fn<(input: RequestInfo | URL) => Promise<Response>>(() =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The URL a fetch mock was called with (RTK Query passes a Request). */
export function requestedUrl(input: RequestInfo | URL | undefined): string {
  if (input instanceof Request) return input.url;
  return String(input);
}
