import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, requestedUrl, stubFetchJson } from '@/testing/render';
import type { StampDetailData } from '@/lib/stamp-detail';
import { StampDetail } from './stamp-detail';

const CPID = 'A3471624412617400000';
const TX_HASH = '50aeb77245a9483a5b077e4e7506c331dc2f628c22046e7d2b4c6ad6c6236ae1';
const CREATOR = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

const stamp: StampDetailData = {
  cpid: CPID,
  stamp: 1234,
  block_index: 779653,
  block_time: 1680000600,
  tx_hash: TX_HASH,
  creator: CREATOR,
  supply: '1',
  divisible: false,
  locked: true,
  keyburn: true,
  ident: 'STAMP',
  is_cursed: false,
  stamp_mimetype: 'image/png',
  stamp_url: `/s/${CPID}`,
  file_size: 373,
  stamp_hash: 'abcdefghijklmnopqrst',
};

describe('StampDetail', () => {
  it('shows the number, the image and the information block', async () => {
    const fetchMock = stubFetchJson(200, stamp);
    renderWithProviders(<StampDetail cpid={CPID} />);

    expect(await screen.findByRole('heading', { level: 1, name: '#1234' })).toBeInTheDocument();
    expect(requestedUrl(fetchMock.mock.calls[0]?.[0])).toMatch(new RegExp(`/api/stamp/${CPID}$`));

    const image = screen.getByRole('img', { name: new RegExp(CPID) });
    expect(image).toHaveAttribute('src', `/s/${CPID}`);

    expect(screen.getByRole('heading', { name: 'Information' })).toBeInTheDocument();
    const creator = screen.getByText('bc1qx...x0wlh');
    expect(creator).toHaveAttribute('title', CREATOR);
    expect(screen.getByText('50aeb...36ae1')).toHaveAttribute('title', TX_HASH);
    expect(screen.getByText('779,653')).toBeInTheDocument();
    expect(screen.getByText('2023-03-28 10:50 UTC')).toBeInTheDocument();
    expect(screen.getByText('STAMP · image/png')).toBeInTheDocument();
    expect(screen.getByText('373 B')).toBeInTheDocument();
  });

  it('shows stamp 999999999 as infinity', async () => {
    stubFetchJson(200, { ...stamp, stamp: 999999999 });
    renderWithProviders(<StampDetail cpid={CPID} />);
    expect(await screen.findByRole('heading', { level: 1, name: '#∞' })).toBeInTheDocument();
  });

  it('shows the spec text for a missing stamp', async () => {
    stubFetchJson(404, { error: '404 - Stamp not found.' });
    renderWithProviders(<StampDetail cpid="A999" />);
    expect(await screen.findByText('404 - Stamp not found.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it("shows the server's message for a malformed cpid", async () => {
    stubFetchJson(400, { error: 'invalid cpid' });
    renderWithProviders(<StampDetail cpid="nope" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('invalid cpid');
  });

  it('shows the information rows: owner, destructions, and an unlimited supply as infinity', async () => {
    stubFetchJson(200, {
      ...stamp,
      supply: '999999999',
      owner: 'bc1qowner0000000000000000000000000000ownr1',
      destructions: '3',
    });
    renderWithProviders(<StampDetail cpid={CPID} />);
    const info = await screen.findByRole('region', { name: 'Information' });
    expect(within(info).getByText('∞')).toBeInTheDocument();
    expect(within(info).getByText('bc1qo...ownr1')).toBeInTheDocument();
    expect(within(info).getByText('Destructions').nextSibling).toHaveTextContent('3');
  });
});

const DISPENSER = {
  tx_hash: 'd'.repeat(64),
  block_index: 800000,
  source: 'bc1qseller000000000000000000000000000sell1',
  give_quantity: '1',
  escrow_quantity: '10',
  give_remaining: '4',
  satoshi_price: 54000,
  status: 0,
  closed: false,
  dispense_count: 6,
};

const blocks: StampDetailData = {
  ...stamp,
  owner: CREATOR,
  holders: [
    { address: 'bc1qholder00000000000000000000000000hold1', utxo_address: null, quantity: '3', percentage: '75.00' },
    { address: null, utxo_address: `${'e'.repeat(64)}:1`, quantity: '1', percentage: '25.00' },
  ],
  dispensers: [{ ...DISPENSER, tx_hash: 'c'.repeat(64), status: 10, closed: true, satoshi_price: 99000 }, DISPENSER],
  dispenses: [
    {
      tx_hash: 'f1',
      block_index: 2,
      timestamp: 1690000000,
      destination: 'bc1qbuyer1xxxxxxxxxxxxxxxxxxxxxxxxxxbuyr1',
      quantity: '1',
      btc_amount: 60000,
      dispenser_tx_hash: 'd',
    },
    {
      tx_hash: 'f2',
      block_index: 1,
      timestamp: 1680000000,
      destination: 'bc1qbuyer2xxxxxxxxxxxxxxxxxxxxxxxxxxbuyr2',
      quantity: '2',
      btc_amount: 108000,
      dispenser_tx_hash: 'd',
    },
  ],
  dividends: [{ tx_hash: 'v1', block_index: 810000, source: CREATOR, dividend_asset: 'XCP', quantity_per_unit: '100' }],
  fairminter: {
    tx_hash: 'fm',
    source: CREATOR,
    status: 'open',
    price: '0',
    quantity_by_price: '1',
    hard_cap: '1000',
    premint_quantity: '10',
    max_mint_per_tx: '5',
    start_block: 0,
    end_block: 900000,
    soft_cap: '0',
    earned_quantity: '250',
    minted_count: 50,
    minters_count: 20,
  },
  collection_id: 'pepes',
};

describe('StampDetail blocks', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it(
    'shows sales with the chart, holders with shares, dispensers ' + 'open first, dividends, fairminter and collection',
    async () => {
      stubFetchJson(200, blocks);
      renderWithProviders(<StampDetail cpid={CPID} />);

      const sales = await screen.findByRole('region', { name: 'Sales' });
      expect(await within(sales).findByRole('img', { name: /2 sales/ })).toBeInTheDocument();
      expect(within(sales).getByText('0.0006 BTC')).toBeInTheDocument();
      expect(within(sales).getByText('0.00108 BTC')).toBeInTheDocument();

      const holders = screen.getByRole('region', { name: 'Holders' });
      expect(within(holders).getByText('75%')).toBeInTheDocument();
      expect(within(holders).getByText('25%')).toBeInTheDocument();
      expect(within(holders).getByText('UTXO')).toBeInTheDocument();

      const dispensers = screen.getByRole('region', { name: 'Dispensers' });
      const rows = within(dispensers).getAllByRole('row').slice(1);
      expect(rows[0]).toHaveTextContent('Open');
      expect(rows[0]).toHaveTextContent('0.00054 BTC');
      expect(rows[1]).toHaveTextContent('Closed');
      expect(rows[1]).toHaveTextContent('0.00099 BTC');

      const dividends = screen.getByRole('region', { name: 'Dividends' });
      expect(within(dividends).getByText('XCP')).toBeInTheDocument();

      const fairminter = screen.getByRole('region', { name: 'Fairminter' });
      expect(within(fairminter).getByText('Free')).toBeInTheDocument();
      expect(within(fairminter).getByText('1,000')).toBeInTheDocument();

      const collection = screen.getByRole('region', { name: 'From Collection' });
      expect(within(collection).getByRole('link', { name: 'pepes' })).toHaveAttribute('href', '/collection/pepes');
    },
  );

  it("offers 'Buy now' for the cheapest open dispenser and on each open row; a closed row has none", async () => {
    stubFetchJson(200, {
      ...blocks,
      dispensers: [...(blocks.dispensers ?? []), { ...DISPENSER, tx_hash: 'e'.repeat(64), give_remaining: '0' }],
    });
    const { store } = renderWithProviders(<StampDetail cpid={CPID} />);
    const dispensers = await screen.findByRole('region', { name: 'Dispensers' });
    const rows = within(dispensers).getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: 'Buy now' })).toBeEnabled();
    // Open but empty: no lot to buy.
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Buy now' })).toBeDisabled();
    expect(rows[2]).toHaveTextContent('Closed');
    expect(within(rows[2] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();

    // Signed out: the listing goes into the cart and the sign-in panel opens.
    fireEvent.click(within(screen.getByRole('group', { name: 'Actions' })).getByRole('button', { name: 'Buy now' }));
    expect(store.getState().cart.hashes).toEqual([DISPENSER.tx_hash]);
    expect(localStorage.getItem('cart')).toBe(JSON.stringify([DISPENSER.tx_hash]));
    expect(store.getState().session.signIn).toBe('connect');
  });

  it("has no page 'Buy now' when nothing is on sale", async () => {
    stubFetchJson(200, { ...blocks, dispensers: blocks.dispensers?.slice(0, 1) });
    renderWithProviders(<StampDetail cpid={CPID} />);
    const actions = await screen.findByRole('group', { name: 'Actions' });
    expect(within(actions).queryByRole('button', { name: 'Buy now' })).not.toBeInTheDocument();
  });

  it("shows the spec's empty texts, hides the chart under 2 sales and hides empty dividends", async () => {
    stubFetchJson(200, { ...stamp, holders: [], dispensers: [], dispenses: [], dividends: [], fairminter: null });
    renderWithProviders(<StampDetail cpid={CPID} />);
    expect(await screen.findByText('No sales yet')).toBeInTheDocument();
    expect(screen.getByText('Currently no dispensers')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Dividends' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Fairminter' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'From Collection' })).not.toBeInTheDocument();
  });

  it('hides the sales chart with a single sale', async () => {
    stubFetchJson(200, { ...blocks, dispenses: blocks.dispenses?.slice(0, 1) });
    renderWithProviders(<StampDetail cpid={CPID} />);
    const sales = await screen.findByRole('region', { name: 'Sales' });
    expect(within(sales).queryByRole('img')).not.toBeInTheDocument();
  });

  it('runs unverified HTML only after confirmation, in a sandbox without same-origin', async () => {
    stubFetchJson(200, { ...stamp, stamp_mimetype: 'text/html' });
    const { container } = renderWithProviders(<StampDetail cpid={CPID} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open HTML' }));
    expect(container.querySelector('iframe')).toBeNull();
    const ask = screen.getByRole('alertdialog', { name: 'Open unverified HTML' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open HTML' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open anyway' }));
    const frame = container.querySelector('iframe');
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
    expect(frame).toHaveAttribute('src', `/s/${CPID}`);
  });

  it('shows verified HTML at once', async () => {
    stubFetchJson(200, { ...stamp, stamp_mimetype: 'text/html', trusted: true });
    const { container } = renderWithProviders(<StampDetail cpid={CPID} />);
    await screen.findByRole('heading', { level: 1 });
    expect(container.querySelector('iframe')).toHaveAttribute('sandbox', 'allow-scripts');
  });

  it('offers the BMN player for a BMN stamp', async () => {
    stubFetchJson(200, { ...stamp, ident: 'STAMP', stamp_mimetype: null, file_suffix: 'bmn' });
    const { container } = renderWithProviders(<StampDetail cpid={CPID} />);
    expect(await screen.findByRole('button', { name: 'Play melody' })).toBeInTheDocument();
    expect(container.querySelector('.bmn-player')).toHaveAttribute('data-state', 'idle');
  });

  it("shows a text stamp's text on its page", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) =>
        Promise.resolve(
          requestedUrl(input).includes('/s/')
            ? new Response('A quiet poem\nin two lines\n', { headers: { 'Content-Type': 'text/plain' } })
            : new Response(JSON.stringify({ ...stamp, stamp_mimetype: 'text/plain', file_suffix: 'plain' }), {
                headers: { 'Content-Type': 'application/json' },
              }),
        ),
      ),
    );
    renderWithProviders(<StampDetail cpid={CPID} />);
    const block = await screen.findByRole('region', { name: /^Text of / });
    expect(await within(block).findByText(/A quiet poem/)).toBeInTheDocument();
    expect(screen.queryByText('PLAIN')).not.toBeInTheDocument();
  });

  it("plays an audio stamp with the browser's player", async () => {
    const play = vi.fn(() => Promise.resolve());
    const pause = vi.fn();
    class FakeAudio {
      constructor(public src: string) {}
      play = play;
      pause = pause;
      addEventListener() {
        return undefined;
      }
    }
    vi.stubGlobal('Audio', FakeAudio);
    stubFetchJson(200, { ...stamp, stamp_mimetype: 'audio/mpeg' });
    renderWithProviders(<StampDetail cpid={CPID} />);
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Play audio' }));
      await Promise.resolve();
    });
    expect(play).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Pause audio' }));
    expect(pause).toHaveBeenCalled();
  });

  it('opens the full view from the image and closes it with Escape', async () => {
    stubFetchJson(200, stamp);
    renderWithProviders(<StampDetail cpid={CPID} />);
    fireEvent.click(await screen.findByRole('button', { name: /Open full view/ }));
    const dialog = screen.getByRole('dialog', { name: 'Full view' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', `/s/${CPID}`);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("copies the page link with 'Copied!' and offers share", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    stubFetchJson(200, stamp);
    renderWithProviders(<StampDetail cpid={CPID} />, { route: `/stamp/${CPID}?site=stamps#holders` });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
      await Promise.resolve();
    });
    // The page's own address, without its query or fragment.
    const pageUrl = `${window.location.origin}/stamp/${CPID}`;
    expect(writeText).toHaveBeenCalledWith(pageUrl);
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    const share = new URL(screen.getByRole('link', { name: 'Share' }).getAttribute('href') ?? '');
    expect(share.origin).toBe('https://x.com');
    expect(share.searchParams.get('url')).toBe(pageUrl);
  });

  it('shares the /asset/{cpid} page on the XCP site', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    stubFetchJson(200, stamp);
    renderWithProviders(<StampDetail cpid={CPID} />, { site: 'xcp', route: `/asset/${CPID}` });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/asset/${CPID}`);
  });

  it("names a raster stamp's share card as the page's link-preview image, and none for other files", async () => {
    stubFetchJson(200, stamp);
    const { unmount } = renderWithProviders(<StampDetail cpid={CPID} />, { route: `/stamp/${CPID}` });
    await screen.findByRole('button', { name: 'Copy link' });
    const image = `${window.location.origin}/api/assets/${CPID}.png`;
    expect(document.head.querySelector('meta[property="og:image"]')).toHaveAttribute('content', image);
    expect(document.head.querySelector('meta[name="twitter:image"]')).toHaveAttribute('content', image);
    unmount();
    expect(document.head.querySelector('meta[property="og:image"]')).toBeNull();

    stubFetchJson(200, { ...stamp, stamp_mimetype: 'text/html' });
    renderWithProviders(<StampDetail cpid={CPID} />, { route: `/stamp/${CPID}` });
    await screen.findByRole('button', { name: 'Copy link' });
    expect(document.head.querySelector('meta[property="og:image"]')).toBeNull();
  });
});
