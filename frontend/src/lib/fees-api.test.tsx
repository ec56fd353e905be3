import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sendLiveValue } from '@/testing/event-source';
import { renderWithProviders, stubFetchRoutes } from '@/testing/render';
import { useFees, usePrices } from './fees-api';

const record = {
  fastestFee: 12,
  halfHourFee: 10,
  hourFee: 8,
  economyFee: 4,
  minimumFee: 1,
  optimalFee: 8.5,
  buyFee: 12,
};

function Fees() {
  const fees = useFees();
  const prices = usePrices();
  return (
    <>
      <p>{fees ? `fastest ${String(fees.fastestFee)}` : 'no fees'}</p>
      <p>{prices ? `usd ${String(prices.rates.USD)}` : 'no prices'}</p>
    </>
  );
}

function feeCalls(fetchMock: ReturnType<typeof stubFetchRoutes>, path: string): number {
  return fetchMock.mock.calls.filter(([input]) => input instanceof Request && new URL(input.url).pathname === path)
    .length;
}

describe('fees and prices', () => {
  it('are asked of the API while the realtime stream has sent none', async () => {
    const fetchMock = stubFetchRoutes((url) =>
      url.pathname === '/api/fees'
        ? { body: { ...record, time: Date.now() } }
        : { body: { time: Date.now(), USD: 60000, EUR: 55000 } },
    );
    renderWithProviders(<Fees />);
    expect(await screen.findByText('fastest 12')).toBeInTheDocument();
    expect(await screen.findByText('usd 60000')).toBeInTheDocument();
    expect(feeCalls(fetchMock, '/api/fees')).toBe(1);
    expect(feeCalls(fetchMock, '/api/prices')).toBe(1);
  });

  it('follow the realtime stream, newer records replacing the answers', async () => {
    const fetchMock = stubFetchRoutes((url) =>
      url.pathname === '/api/fees'
        ? { body: { ...record, time: Date.now() - 1000 } }
        : { body: { time: Date.now() - 1000, USD: 60000 } },
    );
    renderWithProviders(<Fees />);
    expect(await screen.findByText('fastest 12')).toBeInTheDocument();
    await sendLiveValue('mempoolFees', { ...record, fastestFee: 30, time: Date.now() });
    await sendLiveValue('prices', { time: Date.now(), USD: 61000 });
    expect(await screen.findByText('fastest 30')).toBeInTheDocument();
    expect(await screen.findByText('usd 61000')).toBeInTheDocument();
    // A fresh record is not asked for again.
    expect(feeCalls(fetchMock, '/api/fees')).toBe(1);
  });

  it('ask the API again every 30 seconds while the record held is older than 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const fetchMock = stubFetchRoutes((url) =>
        url.pathname === '/api/fees'
          ? { body: { ...record, time: Date.now() - 60_000 } }
          : { body: { time: Date.now(), USD: 60000 } },
      );
      renderWithProviders(<Fees />);
      expect(await screen.findByText('fastest 12')).toBeInTheDocument();
      expect(feeCalls(fetchMock, '/api/fees')).toBe(1);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(20_000);
      });
      expect(feeCalls(fetchMock, '/api/fees')).toBe(1);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(15_000);
      });
      await waitFor(() => {
        expect(feeCalls(fetchMock, '/api/fees')).toBe(2);
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('say nothing while the oracle has no record yet (503)', async () => {
    stubFetchRoutes((url) =>
      url.pathname === '/api/fees' ? { status: 503, body: { error: 'no fee record yet' } } : { body: {} },
    );
    renderWithProviders(<Fees />);
    await waitFor(() => {
      expect(screen.getByText('no fees')).toBeInTheDocument();
    });
    await sendLiveValue('mempoolFees', { ...record, time: Date.now() });
    expect(await screen.findByText('fastest 12')).toBeInTheDocument();
  });
});
