import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation, useNavigationType } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetchRequests, type StubReply, type StubRequest } from '@/testing/render';
import { DAY_MS } from '../kpi-rules';
import type { KpiLog } from '../types';
import { KpiDashboard } from './kpi-dashboard';

/** 2025-12-04 15:30:00 UTC. */
const NOW = Date.parse('2025-12-04T15:30:00Z');
const HOUR = 3_600_000;
const FIRST = Date.parse('2025-11-27T15:00:00Z');

const log: KpiLog = {
  origin: 'stamps',
  granularity: 'hour',
  start: FIRST,
  end: FIRST + 3 * HOUR,
  series: [
    { time: FIRST, requests: 120, visitors: 31, mobile: 40, p50Us: 800, p90Us: 2400, p99Us: 9000 },
    { time: FIRST + HOUR, requests: 0, visitors: 0, mobile: 0, p50Us: 0, p90Us: 0, p99Us: 0 },
    { time: FIRST + 2 * HOUR, requests: 4880, visitors: 90, mobile: 1560, p50Us: 800, p90Us: 2500, p99Us: 12000 },
  ],
  totals: { requests: 5000, mobile: 1600, p50Us: 800, p90Us: 2500, p99Us: 12000 },
  topPaths: [
    { path: '/api/search', requests: 900 },
    { path: '/api/home', requests: 40 },
  ],
  topUrls: [{ url: '/api/search?page=2', requests: 300 }],
};

function LocationProbe() {
  const location = useLocation();
  const navigation = useNavigationType();
  return <p data-testid="location">{`${navigation} ${location.pathname}${location.search}`}</p>;
}

function renderDashboard(answer: (request: StubRequest) => StubReply | Promise<StubReply>, route = '/kpi') {
  const stub = stubFetchRequests(answer);
  renderWithProviders(
    <>
      <Routes>
        <Route path="/" element={<p>Home page</p>} />
        <Route path="/kpi" element={<KpiDashboard />} />
      </Routes>
      <LocationProbe />
    </>,
    { route },
  );
  return stub;
}

function location(): string {
  return screen.getByTestId('location').textContent;
}

/** The query of the last `/api/log` call. */
function lastQuery(requests: readonly StubRequest[]): Record<string, string> {
  const calls = requests.filter((request) => request.url.pathname === '/api/log');
  const last = calls[calls.length - 1];
  if (!last) throw new Error('no call to /api/log');
  return Object.fromEntries(last.url.searchParams);
}

/** The value a term of the totals gives. */
function total(term: string): string {
  return within(screen.getByLabelText('Totals')).getByText(term).nextElementSibling?.textContent ?? '';
}

describe('KpiDashboard', () => {
  beforeEach(() => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks for the last 7 days hourly and shows the totals, the charts and the top lists', async () => {
    const { requests } = renderDashboard(() => ({ body: log }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    expect(lastQuery(requests)).toEqual({
      origin: 'stamps',
      start: String(NOW - 7 * DAY_MS),
      end: String(NOW),
      granularity: 'hour',
    });
    expect(requests[0]?.url.pathname).toBe('/api/log');

    expect(screen.getByRole('combobox', { name: 'Origin' })).toHaveValue('stamps');
    expect(screen.getByLabelText('Start (UTC)')).toHaveValue('2025-11-27');
    expect(screen.getByLabelText('End (UTC)')).toHaveValue('2025-12-04');
    expect(screen.getByRole('button', { name: 'Hour' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Day' })).toHaveAttribute('aria-pressed', 'false');

    expect(screen.getByText('Stamps site, per hour, from 2025-11-27 15:00 UTC to 2025-11-27 18:00 UTC')).toBeVisible();
    expect(total('Requests')).toBe('5,000');
    expect(total('Mobile share')).toBe('32%');
    expect(total('p50 latency')).toBe('0.8 ms');
    expect(total('p90 latency')).toBe('2.5 ms');
    expect(total('p99 latency')).toBe('12 ms');

    for (const name of ['Requests and visitors', 'Mobile share', 'Latency']) {
      const figure = screen.getByRole('figure', { name });
      const plot = within(figure).getByRole('img');
      expect(plot).toHaveAccessibleName(expect.stringContaining('per hour, from 2025-11-27 15:00 UTC') as string);
      await waitFor(() => {
        expect(plot.querySelector('canvas')).not.toBeNull();
      });
    }
    expect(screen.getByRole('img', { name: /^Requests and distinct visitors.*5,000 requests in all/ })).toBeVisible();
    expect(screen.getByRole('img', { name: /^Latency percentiles.*p99 12 ms over the range/ })).toBeVisible();
    expect(
      within(screen.getByRole('figure', { name: 'Latency' })).getByRole('list', { name: 'Legend' }),
    ).toHaveTextContent('p50p90p99');

    const paths = screen.getByRole('table', { name: 'Top paths' });
    expect(
      within(paths)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Rank', 'Path', 'Requests']);
    const pathRows = within(paths).getAllByRole('row').slice(1);
    expect(
      pathRows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['1', '/api/search', '900'],
      ['2', '/api/home', '40'],
    ]);
    const urls = screen.getByRole('table', { name: 'Top URLs' });
    expect(within(urls).getByRole('columnheader', { name: 'URL' })).toBeInTheDocument();
    expect(within(urls).getByRole('cell', { name: '/api/search?page=2' })).toBeInTheDocument();
    expect(within(urls).getByRole('cell', { name: '300' })).toBeInTheDocument();
  });

  it.each([401, 403])(
    'sends the browser home in place of the page on a %i, showing nothing of the dashboard',
    async (status) => {
      let answer: (reply: StubReply) => void = () => undefined;
      renderDashboard(
        () =>
          new Promise<StubReply>((resolve) => {
            answer = resolve;
          }),
      );
      // Until the server answers: a loading notice only.
      expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
      expect(screen.queryByRole('heading', { name: 'Analytics' })).not.toBeInTheDocument();
      expect(screen.queryByRole('combobox')).not.toBeInTheDocument();

      answer({ status, body: { error: 'Forbidden' } });
      expect(await screen.findByText('Home page')).toBeInTheDocument();
      expect(location()).toBe('REPLACE /');
      expect(screen.queryByRole('heading', { name: 'Analytics' })).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  it('asks again for another origin and granularity, and keeps them in the URL', async () => {
    const { requests } = renderDashboard((request) => ({
      body: {
        ...log,
        origin: request.url.searchParams.get('origin'),
        granularity: request.url.searchParams.get('granularity'),
      },
    }));
    const origin = await screen.findByRole('combobox', { name: 'Origin' });
    expect(
      within(origin)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Stamps site', 'Stamps wallet', 'XCP site', 'XCP wallet']);

    fireEvent.change(origin, { target: { value: 'xcp-wallet' } });
    await waitFor(() => {
      expect(lastQuery(requests)).toMatchObject({ origin: 'xcp-wallet', granularity: 'hour' });
    });
    expect(location()).toBe('PUSH /kpi?origin=xcp-wallet&granularity=hour');
    expect(await screen.findByText(/^XCP wallet, per hour/)).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'Day' }));
    await waitFor(() => {
      expect(lastQuery(requests)).toMatchObject({ origin: 'xcp-wallet', granularity: 'day' });
    });
    expect(location()).toBe('PUSH /kpi?origin=xcp-wallet&granularity=day');
    expect(screen.getByRole('button', { name: 'Day' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText(/^XCP wallet, per day/)).toBeVisible();
  });

  it('asks for the days chosen, and opens a linked view as it was', async () => {
    const { requests } = renderDashboard(
      () => ({ body: log }),
      '/kpi?origin=xcp&granularity=day&start=2025-11-01&end=2025-11-03',
    );
    const start = await screen.findByLabelText('Start (UTC)');
    expect(lastQuery(requests)).toEqual({
      origin: 'xcp',
      start: String(Date.parse('2025-11-01T00:00:00Z')),
      end: String(Date.parse('2025-11-04T00:00:00Z')),
      granularity: 'day',
    });
    expect(screen.getByRole('combobox', { name: 'Origin' })).toHaveValue('xcp');
    expect(start).toHaveValue('2025-11-01');
    expect(screen.getByLabelText('End (UTC)')).toHaveValue('2025-11-03');

    fireEvent.change(screen.getByLabelText('End (UTC)'), { target: { value: '2025-11-20' } });
    await waitFor(() => {
      expect(lastQuery(requests).end).toBe(String(Date.parse('2025-11-21T00:00:00Z')));
    });
    expect(location()).toBe('PUSH /kpi?origin=xcp&granularity=day&start=2025-11-01&end=2025-11-20');
  });

  it('asks anew up to now on Refresh', async () => {
    const { requests } = renderDashboard(() => ({ body: log }));
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    vi.spyOn(Date, 'now').mockReturnValue(NOW + 60_000);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => {
      expect(lastQuery(requests).end).toBe(String(NOW + 60_000));
    });
    expect(lastQuery(requests).start).toBe(String(NOW + 60_000 - 7 * DAY_MS));
  });

  it("shows a 400's message and a server failure's generic one, the controls kept", async () => {
    renderDashboard((request) =>
      request.url.searchParams.get('origin') === 'xcp'
        ? { status: 500, body: {} }
        : { status: 400, body: { error: 'range too long' } },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('range too long');
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    fireEvent.change(screen.getByRole('combobox', { name: 'Origin' }), { target: { value: 'xcp' } });
    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent('An error occurred');
    });
    expect(location()).toBe('PUSH /kpi?origin=xcp&granularity=hour');
  });

  it('says so when the range holds too few buckets for charts', async () => {
    renderDashboard(() => ({ body: { ...log, granularity: 'day', series: log.series.slice(0, 1) } }));
    expect(await screen.findByText(/Too few days in the range to draw charts/)).toBeVisible();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Top paths' })).toBeInTheDocument();
  });
});
