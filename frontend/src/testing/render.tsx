import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { SiteVariant } from '@/config/site';
import { api } from '@/lib/api';
import { cartSlice, initialCart, storedCart } from '@/lib/cart';
import { mintSlice } from '@/lib/mint-request';
import { initialSession, sessionSlice } from '@/lib/session';
import { siteSlice } from '@/lib/site-variant';
import { walletFrameSlice } from '@/lib/wallet-frame';

const testReducer = combineSlices(api, siteSlice, sessionSlice, cartSlice, mintSlice, walletFrameSlice);

/**
 * A fresh store (empty cache) as the app builds it, on the given site variant, signed in when `logged` is set, the
 * cart read from local storage.
 */
export function makeTestStore(site: SiteVariant = 'stamps', logged = '') {
  const preloadedState: Partial<ReturnType<typeof testReducer>> = {
    site: { variant: site },
    session: { ...initialSession(''), logged },
    cart: initialCart(storedCart()),
  };
  return configureStore({
    reducer: testReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
}

type RenderOptions = {
  route?: string;
  site?: SiteVariant;
  /** The 'logged' cookie's value the page starts with (signed out by default). */
  logged?: string;
};

/**
 * Renders `ui` with a fresh store on the `site` variant (Stamps by default), signed in when `logged` is set, inside
 * a memory router at `route`.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', site = 'stamps', logged = '' }: RenderOptions = {},
) {
  const store = makeTestStore(site, logged);
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

/** A request as `stubFetchRequests` hands it to its answer: URL, method and the parsed JSON body (if any). */
export type StubRequest = { url: URL; method: string; body: unknown };

/** An answer of `stubFetchRequests`: a status and either a JSON body or a plain text one. */
export type StubReply = { status?: number; body?: unknown; text?: string };

/**
 * Stubs `fetch` to answer each request by its URL, method and JSON body: `answer` returns the status (200 by
 * default) and a JSON `body` or a plain `text`. Returns the mock; `requests` lists what was asked, in order.
 */
export function stubFetchRequests(answer: (request: StubRequest) => StubReply | Promise<StubReply>) {
  const requests: StubRequest[] = [];
  const fetchMock = vi.fn<(input: RequestInfo | URL) => Promise<Response>>(async (input) => {
    const method = input instanceof Request ? input.method : 'GET';
    const raw = input instanceof Request ? await input.text() : '';
    let body: unknown = undefined;
    try {
      body = raw ? (JSON.parse(raw) as unknown) : undefined;
    } catch {
      body = raw;
    }
    const request = { url: new URL(requestedUrl(input)), method, body };
    requests.push(request);
    const reply = await answer(request);
    const status = reply.status ?? 200;
    return reply.text !== undefined
      ? new Response(reply.text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
      : new Response(JSON.stringify(reply.body ?? null), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}
