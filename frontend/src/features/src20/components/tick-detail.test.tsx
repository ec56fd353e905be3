import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, requestedUrl, stubFetchRoutes } from '@/testing/render';
import type { Src20Item, Src20MintPoint, Src20Tick } from '../types';
import { TickDetail } from './tick-detail';

function op(overrides: Partial<Src20Item>): Src20Item {
  return {
    tick: 'PEPE',
    op: 'MINT',
    amount: '1000',
    creator: 'bc1qsendersendersendersender',
    destination: 'bc1qreceiverreceiverreceiver',
    blockIndex: 800100,
    timestamp: 1690000000,
    stamp: null,
    cpid: null,
    hostedUrl: null,
    txHash: 'tx-mint',
    isInvalid: false,
    status: '',
    ...overrides,
  };
}

function tickResponse(progress: string, mintHistory: Src20MintPoint[]): Src20Tick {
  return {
    tick: 'PEPE',
    deploy: op({
      op: 'DEPLOY',
      amount: null,
      destination: null,
      blockIndex: 800000,
      stamp: 456,
      cpid: 'A456',
      txHash: 'tx-deploy',
      max: '21000000',
      limit: '1000',
      decimals: 18,
      minted: progress === '100.00' ? '21000000' : '8925000',
      mintedCount: 8925,
      mintersCount: 512,
      holdersCount: 431,
      progress,
    }),
    holders: [
      { address: 'bc1qholderoneholderoneholderone', amount: '5000000', percentage: '23.80' },
      { address: 'bc1qholdertwoholdertwoholdertwo', amount: '1000', percentage: '0.00' },
    ],
    mintHistory,
  };
}

const TWO_POINTS: Src20MintPoint[] = [
  { blockIndex: 800001, timestamp: 1690000600, mints: 3, minted: '3000' },
  { blockIndex: 800050, timestamp: 1690030000, mints: 8922, minted: '8925000' },
];

const history = {
  hits: [op({ txHash: 'ok' }), op({ txHash: 'bad', isInvalid: true, amount: '99999', status: 'over the limit' })],
  estimatedTotalHits: 45,
  offset: 0,
  limit: 20,
};

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function Page() {
  return (
    <>
      <TickDetail tick={useParams().tick ?? ''} />
      <LocationProbe />
    </>
  );
}

function renderTick(route: string, tick: Src20Tick | null) {
  const fetchMock = stubFetchRoutes((url) => {
    if (url.pathname.endsWith('/history')) return { body: history };
    if (!tick) return { status: 404, body: { error: 'SRC-20 tick not found' } };
    return { body: tick };
  });
  renderWithProviders(
    <Routes>
      <Route path="/src20/tick/:tick" element={<Page />} />
    </Routes>,
    { route },
  );
  return fetchMock;
}

describe('TickDetail', () => {
  it('replaces a URL spelled otherwise with the canonical spelling, keeping the query', async () => {
    renderTick('/src20/tick/pepe?page=2', tickResponse('42.50', TWO_POINTS));
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/src20/tick/PEPE?page=2');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'PEPE' })).toBeInTheDocument();
  });

  it("shows the supply figures and progress, and 'Mint Now' while minting is open", async () => {
    const fetchMock = renderTick('/src20/tick/PEPE', tickResponse('42.50', TWO_POINTS));
    const figures = await screen.findByRole('region', { name: 'Supply' });
    expect(within(figures).getByText('Max').nextElementSibling).toHaveTextContent('21M');
    expect(within(figures).getByText('Per mint').nextElementSibling).toHaveTextContent('1k');
    expect(within(figures).getByText('Mints').nextElementSibling).toHaveTextContent('8.92k');
    expect(within(figures).getByText('Minters').nextElementSibling).toHaveTextContent('512');
    expect(within(figures).getByRole('progressbar', { name: 'PEPE minted' })).toHaveAttribute(
      'aria-valuetext',
      '42.5%',
    );
    expect(screen.queryByText('Minted out')).not.toBeInTheDocument();
    expect(within(figures).getByRole('button', { name: 'Mint Now' })).toBeEnabled();
    expect(screen.getByRole('link', { name: '#456' })).toHaveAttribute('href', '/stamp/A456');

    const urls = fetchMock.mock.calls.map(([input]) => new URL(requestedUrl(input)));
    expect(urls.map((url) => url.pathname)).toContain('/api/src20/tick/PEPE');
    const historyUrl = urls.find((url) => url.pathname === '/api/src20/tick/PEPE/history');
    expect(Object.fromEntries(historyUrl?.searchParams ?? [])).toEqual({ page: '1', limit: '20' });
  });

  it("opens the SRC-20 mint of the tick from 'Mint Now'", async () => {
    stubFetchRoutes((url) => {
      if (url.pathname === '/api/src20/tick/PEPE') return { body: tickResponse('42.50', TWO_POINTS) };
      return { body: history };
    });
    const { store } = renderWithProviders(<TickDetail tick="PEPE" />, { route: '/src20/tick/PEPE', logged: 'okx' });
    fireEvent.click(await screen.findByRole('button', { name: 'Mint Now' }));
    expect(store.getState().mint).toEqual({
      request: {
        action: 'mint-src20',
        src20: { tick: 'PEPE', limit: '1000', max: '21000000', decimals: 18, progress: '42.50', royalties: null },
      },
      pending: false,
    });
  });

  it("shows 'Minted out' when progress is 100", async () => {
    renderTick('/src20/tick/PEPE', tickResponse('100.00', TWO_POINTS));
    expect(await screen.findByText('Minted out')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /mint/i })).not.toBeInTheDocument();
  });

  it('draws the holders pie with its legend: each holder, its share and a link to its profile', async () => {
    renderTick('/src20/tick/PEPE', tickResponse('42.50', TWO_POINTS));
    const holders = await screen.findByRole('figure', { name: /largest holders/ });
    expect(
      await within(holders).findByRole('img', { name: /^PEPE holders: bc1qh\.\.\.erone 23\.8% \(5M\)/ }),
    ).toBeInTheDocument();
    const rows = within(within(holders).getByRole('list', { name: 'Holders legend' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('23.8% (5M)');
    expect(within(rows[0] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/profile/bc1qholderoneholderoneholderone',
    );
    expect(screen.queryByText(/unclaimed/i)).not.toBeInTheDocument();
  });

  it('draws the mint history with 2 points and hides it under 2', async () => {
    renderTick('/src20/tick/PEPE', tickResponse('42.50', TWO_POINTS));
    expect(await screen.findByRole('img', { name: /PEPE minted supply/ })).toBeInTheDocument();
  });

  it('hides the mint history chart with a single point', async () => {
    renderTick('/src20/tick/PEPE', tickResponse('42.50', TWO_POINTS.slice(0, 1)));
    await screen.findByRole('heading', { level: 1, name: 'PEPE' });
    expect(screen.queryByRole('img', { name: /minted supply/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Mint history')).not.toBeInTheDocument();
  });

  it('shows the activity table, invalid rows in red with an error icon, and paginates it', async () => {
    renderTick('/src20/tick/PEPE', tickResponse('42.50', TWO_POINTS));
    const table = await screen.findByRole('table', { name: 'Activity of PEPE' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Type', 'Amount', 'From', 'To', 'Block', 'Valid']);
    const [, valid, invalid] = within(table).getAllByRole('row');
    expect(valid).not.toHaveClass('activity__row--invalid');
    expect(within(valid as HTMLElement).getByText('Yes')).toBeInTheDocument();
    expect(invalid).toHaveClass('activity__row--invalid');
    expect(within(invalid as HTMLElement).getByRole('img', { name: 'Invalid' })).toBeInTheDocument();
    expect(within(invalid as HTMLElement).getByText('99.99k')).toBeInTheDocument();

    const pages = screen.getByRole('navigation', { name: 'Activity pages' });
    expect(within(pages).getByRole('link', { name: '3' })).toHaveAttribute('href', '/src20/tick/PEPE?page=3');
  });

  it('says so when the tick does not exist', async () => {
    renderTick('/src20/tick/NOPE', null);
    expect(await screen.findByText('SRC-20 tick not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the SRC-20 finder' })).toHaveAttribute('href', '/src20/search');
  });
});
