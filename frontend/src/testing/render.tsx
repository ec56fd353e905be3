import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { SiteVariant } from '@/config/site';
import { api } from '@/lib/api';
import { siteSlice } from '@/lib/site-variant';

const testReducer = combineSlices(api, siteSlice);

/** A fresh store (empty cache) as the app builds it, on the given site variant. */
export function makeTestStore(site: SiteVariant = 'stamps') {
  const preloadedState: Partial<ReturnType<typeof testReducer>> = { site: { variant: site } };
  return configureStore({
    reducer: testReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
}

type RenderOptions = { route?: string; site?: SiteVariant };

/** Renders `ui` with a fresh store on the `site` variant (Stamps by default) inside a memory router at `route`. */
export function renderWithProviders(ui: ReactElement, { route = '/', site = 'stamps' }: RenderOptions = {}) {
  const store = makeTestStore(site);
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
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The URL a fetch mock was called with (RTK Query passes a Request). */
export function requestedUrl(input: RequestInfo | URL | undefined): string {
  if (input instanceof Request) return input.url;
  return String(input);
}

/** An answer of `stubFetchRoutes`: a status and a JSON body. */
export type StubAnswer = { status?: number; body: unknown };

/**
 * Stubs `fetch` to answer each request by its URL: `answer` gets the parsed URL and returns the status (200 by
 * default) and JSON body. Returns the mock.
 */
export function stubFetchRoutes(answer: (url: URL) => StubAnswer) {
  const fetchMock = vi.fn<(input: RequestInfo | URL) => Promise<Response>>((input) => {
    const { status = 200, body } = answer(new URL(requestedUrl(input)));
    return Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
