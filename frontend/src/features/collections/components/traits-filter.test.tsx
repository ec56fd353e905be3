import { fireEvent, screen, within } from '@testing-library/react';
import { Outlet, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, requestedUrl, stubFetchRoutes } from '@/testing/render';
import { makeCollection } from '../fixtures';
import type { Collection } from '../types';
import type { CollectionOutlet } from './collection-layout';
import { CollectionStampsTab } from './collection-stamps-tab';

const DEPLOY = 'A2222222222222222222';
/** `GET /api/collection/layers/{id}`: 3 mints; the first layer's stamps chosen by 2 and 1 of them. */
const LAYERS = {
  collection_id: DEPLOY,
  stamp_count: 3,
  layers: [
    {
      key: 't0',
      items: [
        { cpid: 'A3010000000000000001', count: 2, image_url: '/s/A3010000000000000001' },
        { cpid: 'A3020000000000000002', count: 1, image_url: '/s/A3020000000000000002' },
      ],
    },
    { key: 't1', items: [{ cpid: 'A4020000000000000003', count: 3, image_url: '/s/A4020000000000000003' }] },
  ],
};
const page = { hits: [], estimatedTotalHits: 0, offset: 0, limit: 24 };

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}

function renderTab(collection: Collection, route: string) {
  const context: CollectionOutlet = { collection };
  return renderWithProviders(
    <Routes>
      <Route
        path="/collection/:id"
        element={
          <>
            <Outlet context={context} />
            <Where />
          </>
        }
      >
        <Route index element={<CollectionStampsTab renderStamps={(stamps) => <p>{stamps.length} stamps</p>} />} />
      </Route>
    </Routes>,
    { route },
  );
}

function stub(layers: { status?: number; body: unknown } = { body: LAYERS }) {
  return stubFetchRoutes((url) => (url.pathname.startsWith('/api/collection/layers/') ? layers : { body: page }));
}

function searchCalls(fetchMock: ReturnType<typeof stub>): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(requestedUrl(input)))
    .filter((url) => url.pathname === '/api/search');
}

function stubMedia(desktop: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: desktop,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

const src721 = makeCollection({ collection_id: DEPLOY, name: 'Punks', type: 'src721' });

describe('Traits filter', () => {
  beforeEach(() => {
    stubMedia(true);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a sidebar with one group per layer of the deploy, a checkbox per layer stamp', async () => {
    const fetchMock = stub();
    renderTab(src721, `/collection/${DEPLOY}`);
    const sidebar = await screen.findByRole('complementary', { name: 'Traits filter' });
    const groups = await within(sidebar).findAllByRole('group');
    expect(groups).toHaveLength(2);
    expect(within(groups[0] as HTMLElement).getByText('Layer 1')).toBeInTheDocument();
    expect(within(groups[0] as HTMLElement).getAllByRole('checkbox')).toHaveLength(2);
    // Each trait's share of the mints: count / stamp_count, 2 decimals.
    expect(
      within(groups[0] as HTMLElement).getByRole('checkbox', { name: /^A3010000000000000001\s*66\.67%$/ }),
    ).toBeInTheDocument();
    expect(within(groups[0] as HTMLElement).getByText('33.33%')).toBeInTheDocument();
    expect(within(groups[1] as HTMLElement).getByRole('checkbox', { name: /^A4020000000000000003/ })).not.toBeChecked();
    expect(within(sidebar).getByText('A301...0001')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Traits filter' })).not.toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([input]) => requestedUrl(input).endsWith(`/api/collection/layers/${DEPLOY}`)),
    ).toBe(true);
    expect(searchCalls(fetchMock)[0]?.searchParams.get('src721cpids')).toBeNull();
  });

  it('keeps the selection in ?traits=, resets the page and sends the chosen layers as src721cpids', async () => {
    const fetchMock = stub();
    renderTab(src721, `/collection/${DEPLOY}?page=3`);
    fireEvent.click(await screen.findByRole('checkbox', { name: /^A4020000000000000003/ }));

    const where = new URLSearchParams(screen.getByTestId('where').textContent);
    expect(where.get('traits')).toBe('[[],["A4020000000000000003"]]');
    expect(where.get('page')).toBeNull();
    expect(screen.getByRole('checkbox', { name: /^A4020000000000000003/ })).toBeChecked();

    await vi.waitFor(() => {
      const last = searchCalls(fetchMock).at(-1);
      expect(last?.searchParams.get('src721cpids')).toBe('[["A4020000000000000003"]]');
      expect(last?.searchParams.get('collection')).toBe(DEPLOY);
      expect(last?.searchParams.get('page')).toBe('1');
    });

    fireEvent.click(screen.getByRole('checkbox', { name: /^A3010000000000000001/ }));
    await vi.waitFor(() => {
      expect(searchCalls(fetchMock).at(-1)?.searchParams.get('src721cpids')).toBe(
        '[["A3010000000000000001"],["A4020000000000000003"]]',
      );
    });
  });

  it('reads the selection from the URL and drops the parameter when it is emptied', async () => {
    const fetchMock = stub();
    const traits = encodeURIComponent('[["A3020000000000000002"]]');
    renderTab(src721, `/collection/${DEPLOY}?traits=${traits}`);
    const box = await screen.findByRole('checkbox', { name: /^A3020000000000000002/ });
    expect(box).toBeChecked();
    expect(searchCalls(fetchMock)[0]?.searchParams.get('src721cpids')).toBe('[["A3020000000000000002"]]');

    fireEvent.click(screen.getByRole('button', { name: 'Clear all traits' }));
    expect(screen.getByTestId('where').textContent).toBe('');
    expect(screen.getByRole('checkbox', { name: /^A3020000000000000002/ })).not.toBeChecked();
  });

  it("opens as a drawer from a 'Traits filter' button below 768 px", async () => {
    stubMedia(false);
    stub();
    renderTab(src721, `/collection/${DEPLOY}`);
    const button = await screen.findByRole('button', { name: 'Traits filter' });
    expect(screen.queryByRole('complementary', { name: 'Traits filter' })).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(button);
    const drawer = screen.getByRole('dialog', { name: 'Traits filter' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(await within(drawer).findByRole('checkbox', { name: /^A3010000000000000001/ }));
    expect(new URLSearchParams(screen.getByTestId('where').textContent).get('traits')).toBe(
      '[["A3010000000000000001"]]',
    );
    expect(screen.getByText('1 chosen')).toBeInTheDocument();

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('is not shown for other collections, which ignore ?traits=', async () => {
    const fetchMock = stub();
    renderTab(makeCollection(), `/collection/pepes?traits=${encodeURIComponent('[["A1"]]')}`);
    expect(await screen.findByRole('region', { name: 'Stamps' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Traits filter' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => requestedUrl(input).includes('/api/collection/layers/'))).toBe(false);
    expect(searchCalls(fetchMock)[0]?.searchParams.get('src721cpids')).toBeNull();
  });

  it('is hidden when the collection has no SRC-721 deploy (404)', async () => {
    stub({ status: 404, body: { error: 'not found' } });
    renderTab(src721, `/collection/${DEPLOY}`);
    expect(await screen.findByRole('region', { name: 'Stamps' })).toBeInTheDocument();
    await vi.waitFor(() => {
      expect(screen.queryByRole('complementary', { name: 'Traits filter' })).not.toBeInTheDocument();
    });
  });
});
