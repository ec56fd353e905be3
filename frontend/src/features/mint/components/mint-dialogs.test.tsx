import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Collection } from '@/lib/collection';
import { openMint, type FairmintTerms, type MintRequest, type Src20MintTerms } from '@/lib/mint-request';
import type { PsbtWindow } from '@/lib/wallet/psbt-wallets';
import { renderWithProviders, stubFetchRequests, type StubReply, type StubRequest } from '@/testing/render';
import { MintControls } from './mint-controls';

const MINTER = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const OTHER = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const TXID = 'e'.repeat(64);
const HOUR = 3600 * 1000;

const user = {
  user_id: 'u1',
  username: 'alice',
  twitter: null,
  addresses: [MINTER],
  currentAddress: MINTER,
  wishlist: [],
  staff: false,
};

const FEES = {
  fastestFee: 12,
  halfHourFee: 10,
  hourFee: 8,
  economyFee: 4,
  minimumFee: 1,
  optimalFee: 8.5,
  buyFee: 12.24,
};

const build = {
  txHex: '70736274ff01',
  inputsToSign: [{ index: 0, address: MINTER }],
  fee: 1500,
  vsize: 170,
  walletFee: 2230,
  royalties: 0,
  total: 3730,
  feeRate: 8.5,
  hashes: [],
  psbts: [{ txHex: '70736274ff01', inputsToSign: [{ index: 0, address: MINTER }], hashes: [] }],
};

type Answers = {
  create?: (request: StubRequest) => StubReply | Promise<StubReply>;
  broadcast?: (request: StubRequest) => StubReply | Promise<StubReply>;
  whitelist?: (address: string) => StubReply | Promise<StubReply>;
  promo?: StubReply;
};

/** The stack's answers at the HTTP boundary: the user, fees, prices, the mint calls and broadcast. */
function stubStack({ create, broadcast, whitelist, promo }: Answers = {}) {
  return stubFetchRequests((request) => {
    const path = request.url.pathname;
    if (path === '/api/user') return { body: user };
    if (path === '/api/fees') return { body: { ...FEES, time: Date.now() } };
    if (path === '/api/prices') return { body: { time: Date.now(), USD: 60_000 } };
    if (path.startsWith('/api/wallet/create/')) return create?.(request) ?? { body: { result: build } };
    if (path === '/api/wallet/broadcast') return broadcast?.(request) ?? { body: { result: [TXID] } };
    if (path.startsWith('/api/wallet/whitelist/')) {
      const address = decodeURIComponent(path.split('/').pop() ?? '');
      return whitelist?.(address) ?? { body: { result: -1, max: 0, minted: 0, error: '' } };
    }
    if (path === '/api/wallet/promo') return promo ?? { body: { left: 0, limit: 1000, price: 10990 } };
    return { status: 404, body: { error: 'not found' } };
  });
}

function unisatPage() {
  const signPsbt = vi.fn((hex: string) => Promise.resolve(`${hex}5369676e6564`));
  return { page: { unisat: { signPsbt } } satisfies PsbtWindow, signPsbt };
}

/** The mint controls of the page, signed in with `logged`, and the mint `request` opened. */
function renderMint(request: MintRequest, page: PsbtWindow = unisatPage().page, logged = 'unisat') {
  const rendered = renderWithProviders(<MintControls page={page} />, { logged });
  act(() => {
    rendered.store.dispatch(openMint(request));
  });
  return rendered;
}

async function mintButton(dialog: HTMLElement): Promise<HTMLElement> {
  const button = await within(dialog).findByRole('button', { name: 'Mint' });
  await waitFor(() => {
    expect(button).toBeEnabled();
  });
  return button;
}

function estimateRow(dialog: HTMLElement, label: string): HTMLElement | null {
  const list = within(dialog).getByLabelText('Estimate');
  return within(list).getByText(label).nextElementSibling as HTMLElement | null;
}

function createdBodies(requests: StubRequest[]): unknown[] {
  return requests.filter((request) => request.url.pathname.startsWith('/api/wallet/create/')).map((r) => r.body);
}

function broadcastBodies(requests: StubRequest[]): unknown[] {
  return requests.filter((request) => request.url.pathname === '/api/wallet/broadcast').map((r) => r.body);
}

/** A build the server answers with, its PSBT told apart by `hex`. */
function built(
  hex: string,
  figures: { fee: number; vsize: number; walletFee: number; royalties: number; total: number },
) {
  const psbt = { txHex: hex, inputsToSign: [{ index: 0, address: MINTER }], hashes: [] };
  return { ...build, ...figures, txHex: hex, psbts: [psbt] };
}

const paidFairminter: FairmintTerms = {
  cpid: 'PEPEFAIR',
  asset_longname: null,
  divisible: false,
  status: 'open',
  price: '50000000',
  quantity_by_price: '10',
  hard_cap: '1000',
  max_mint_per_tx: '50',
  premint_quantity: '100',
  earned_quantity: '300',
};

describe('the fairmint dialog', () => {
  it('shows the terms, keeps the quantity a multiple of the lot up to the maximum, prices it in XCP', () => {
    stubStack();
    renderMint({ action: 'fairmint', fairminter: paidFairminter });
    const dialog = screen.getByRole('dialog', { name: 'Fairmint PEPEFAIR' });
    const terms = within(dialog).getByLabelText('Terms');
    expect(terms).toHaveTextContent('Price0.5 XCP per 10');
    expect(terms).toHaveTextContent('Max per mint50');
    expect(terms).toHaveTextContent('Hard cap1,000');
    const input = within(dialog).getByRole('textbox', { name: 'Quantity' });
    expect(input).toHaveValue('10');
    expect(dialog).toHaveTextContent('Price: 0.5 XCP');
    for (const [typed, kept] of [
      ['25', '20'],
      ['500', '50'],
      ['3', '10'],
      ['abc', '10'],
    ] as const) {
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.blur(input);
      expect(input).toHaveValue(kept);
    }
    fireEvent.change(input, { target: { value: '30' } });
    expect(dialog).toHaveTextContent('Price: 1.5 XCP');
  });

  it("shows the server's build line by line, and builds again when the inputs change", async () => {
    const { requests } = stubStack({
      create: (request) => {
        const quantity = (request.body as { quantity: string }).quantity;
        const hex = quantity === '20' ? '70736274ff20' : '70736274ff10';
        const figures = quantity === '20' ? { fee: 1700, vsize: 200 } : { fee: 1500, vsize: 170 };
        return {
          body: { result: built(hex, { ...figures, walletFee: 2230, royalties: 0, total: 2230 + figures.fee }) },
        };
      },
    });
    const { page, signPsbt } = unisatPage();
    renderMint({ action: 'fairmint', fairminter: paidFairminter }, page);
    const dialog = screen.getByRole('dialog', { name: 'Fairmint PEPEFAIR' });
    await mintButton(dialog);
    expect(estimateRow(dialog, 'Service fee')).toHaveTextContent('0.0000223 BTC');
    expect(estimateRow(dialog, 'Network fee (170 vB)')).toHaveTextContent('0.000015 BTC');
    await waitFor(() => {
      expect(estimateRow(dialog, 'Total')).toHaveTextContent('0.0000373 BTC ≈ $2.24');
    });
    expect(createdBodies(requests)).toEqual([
      { source: MINTER, asset: 'PEPEFAIR', quantity: '10', desiredFeeRate: -1, isPsbt: true },
    ]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Quantity' }), { target: { value: '20' } });
    // Until the new build is there, the last one shows as pending and nothing can be signed.
    expect(within(dialog).getByRole('button', { name: 'Mint' })).toBeDisabled();
    await waitFor(() => {
      expect(estimateRow(dialog, 'Network fee (200 vB)')).toHaveTextContent('0.000017 BTC');
    });
    expect(estimateRow(dialog, 'Total')).toHaveTextContent('0.0000393 BTC');
    fireEvent.click(await mintButton(dialog));
    await within(dialog).findByRole('link', { name: TXID });
    expect(createdBodies(requests)).toHaveLength(2);
    expect(signPsbt.mock.calls.map((call) => call[0])).toEqual(['70736274ff20']);
    expect(broadcastBodies(requests)).toEqual([{ txHex: '70736274ff205369676e6564', info: 'fairmint', isPsbt: true }]);
  });

  it('creates the fairmint, has it signed, broadcasts it and links the transaction', async () => {
    const { requests } = stubStack();
    const { page, signPsbt } = unisatPage();
    renderMint({ action: 'fairmint', fairminter: paidFairminter }, page);
    const dialog = screen.getByRole('dialog', { name: 'Fairmint PEPEFAIR' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Quantity' }), { target: { value: '25' } });
    fireEvent.click(await mintButton(dialog));

    const link = await within(dialog).findByRole('link', { name: TXID });
    expect(link).toHaveAttribute('href', `https://mempool.space/tx/${TXID}`);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Transaction sent');
    expect(createdBodies(requests).at(-1)).toEqual({
      source: MINTER,
      asset: 'PEPEFAIR',
      quantity: '20',
      desiredFeeRate: -1,
      isPsbt: true,
    });
    expect(requests.find((r) => r.url.pathname === '/api/wallet/create/fairmint')?.method).toBe('POST');
    expect(signPsbt).toHaveBeenCalledWith(build.txHex, { autoFinalized: true, toSignInputs: build.inputsToSign });
    expect(requests.find((r) => r.url.pathname === '/api/wallet/broadcast')?.body).toEqual({
      txHex: `${build.txHex}5369676e6564`,
      info: 'fairmint',
      isPsbt: true,
    });
  });

  it('sends quantity "0" for a free fairminter, at the rate of the option chosen', async () => {
    const { requests } = stubStack();
    renderMint({ action: 'fairmint', fairminter: { ...paidFairminter, price: '0' } });
    const dialog = screen.getByRole('dialog', { name: 'Fairmint PEPEFAIR' });
    expect(within(dialog).getByLabelText('Terms')).toHaveTextContent('PriceFree');
    expect(within(dialog).queryByRole('textbox', { name: 'Quantity' })).not.toBeInTheDocument();
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Fastest/ }));
    fireEvent.click(await mintButton(dialog));
    await within(dialog).findByRole('link', { name: TXID });
    expect(createdBodies(requests).at(-1)).toEqual({
      source: MINTER,
      asset: 'PEPEFAIR',
      quantity: '0',
      desiredFeeRate: 12,
      isPsbt: true,
    });
  });

  it("disables the inputs while submitting, then shows the broadcast's refusal", async () => {
    let answer: (reply: StubReply) => void = () => undefined;
    stubStack({
      broadcast: () =>
        new Promise<StubReply>((resolve) => {
          answer = resolve;
        }),
    });
    renderMint({ action: 'fairmint', fairminter: paidFairminter });
    const dialog = screen.getByRole('dialog', { name: 'Fairmint PEPEFAIR' });
    const input = within(dialog).getByRole('textbox', { name: 'Quantity' });
    fireEvent.click(await mintButton(dialog));
    await waitFor(() => {
      expect(input).toBeDisabled();
    });
    expect(within(dialog).getByRole('radio', { name: /Hour/ })).toBeDisabled();
    await act(async () => {
      answer({ status: 400, body: { error: 'txn-mempool-conflict' } });
      await Promise.resolve();
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('txn-mempool-conflict');
    expect(input).toBeEnabled();
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
  });

  it("shows the server's refusal to build, and offers nothing to sign", async () => {
    const { requests } = stubStack({ create: () => ({ status: 400, body: { error: 'Insufficient XCP balance' } }) });
    renderMint({ action: 'fairmint', fairminter: paidFairminter });
    const dialog = screen.getByRole('dialog', { name: 'Fairmint PEPEFAIR' });
    await waitFor(() => {
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Insufficient XCP balance');
    });
    expect(within(dialog).getByRole('button', { name: 'Mint' })).toBeDisabled();
    expect(within(dialog).queryByLabelText('Estimate')).not.toBeInTheDocument();
    expect(broadcastBodies(requests)).toEqual([]);
  });

  it("says 'API Error' without an answer, 'An error occurred' without a reason", async () => {
    let network = true;
    stubStack({
      create: () => {
        if (network) throw new TypeError('Failed to fetch');
        return { status: 500, body: 'oops' };
      },
    });
    renderMint({ action: 'fairmint', fairminter: paidFairminter });
    const dialog = screen.getByRole('dialog', { name: 'Fairmint PEPEFAIR' });
    expect(await within(dialog).findByText('API Error', undefined, { timeout: 3000 })).toBeInTheDocument();
    network = false;
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Quantity' }), { target: { value: '20' } });
    expect(await within(dialog).findByText('An error occurred', undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Mint' })).toBeDisabled();
  });

  it('says the fairminter is not open, and does not mint', async () => {
    stubStack();
    renderMint({ action: 'fairmint', fairminter: { ...paidFairminter, status: 'closed' } });
    const dialog = screen.getByRole('dialog', { name: 'Fairmint PEPEFAIR' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This fairminter is not open');
    await within(dialog).findByRole('radio', { name: /Ninja Optimized.*8\.5 sat\/vB/ });
    expect(within(dialog).getByRole('button', { name: 'Mint' })).toBeDisabled();
  });

  it("says '{provider} Wallet not found' without the wallet, and sends nothing", async () => {
    const { requests } = stubStack();
    renderMint({ action: 'fairmint', fairminter: paidFairminter }, {}, 'okx');
    const dialog = screen.getByRole('dialog', { name: 'Fairmint PEPEFAIR' });
    expect(within(dialog).getByText("Logged with OKX but it doesn't look installed")).toBeInTheDocument();
    fireEvent.click(await mintButton(dialog));
    expect(await within(dialog).findByText('OKX Wallet not found')).toBeInTheDocument();
    expect(broadcastBodies(requests)).toEqual([]);
  });

  it('ends the session on 401 and asks for a sign-in, the mint waiting for it', async () => {
    stubStack({ create: () => ({ status: 401, body: { error: 'not signed in' } }) });
    const { store } = renderMint({ action: 'fairmint', fairminter: paidFairminter });
    fireEvent.click(await mintButton(screen.getByRole('dialog', { name: 'Fairmint PEPEFAIR' })));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(store.getState().session).toMatchObject({ logged: '', signIn: 'connect' });
    expect(store.getState().mint).toMatchObject({ pending: true, request: { action: 'fairmint' } });
  });
});

const pepe: Src20MintTerms = {
  tick: 'PEPE',
  limit: '1000',
  max: '21000000',
  decimals: 18,
  progress: '42.50',
  royalties: null,
};

describe('the SRC-20 mint dialog', () => {
  it("mints the limit by default, warns past 20%, and shows the server's data outputs, fee and total", async () => {
    const { requests } = stubStack({
      create: () => ({
        body: {
          result: built('70736274ff01', { fee: 2000, vsize: 250, walletFee: 2222, royalties: 0, total: 17112 }),
        },
      }),
    });
    renderMint({ action: 'mint-src20', src20: pepe });
    const dialog = screen.getByRole('dialog', { name: 'Mint PEPE' });
    expect(within(dialog).getByRole('textbox', { name: 'Amount' })).toHaveValue('1000');
    expect(within(dialog).getByRole('note')).toHaveTextContent('PEPE is 42.5% minted');
    expect(within(dialog).getByRole('progressbar', { name: 'PEPE minted' })).toBeInTheDocument();
    // Under half minted, Ninja Optimized is the optimal rate.
    expect(await within(dialog).findByRole('radio', { name: /Ninja Optimized.*8\.5 sat\/vB/ })).toBeChecked();
    await mintButton(dialog);
    expect(estimateRow(dialog, 'Data outputs')).toHaveTextContent('0.0001289 BTC');
    expect(estimateRow(dialog, 'Service fee')).toHaveTextContent('0.00002222 BTC');
    expect(estimateRow(dialog, 'Network fee (250 vB)')).toHaveTextContent('0.00002 BTC');
    expect(estimateRow(dialog, 'Total')).toHaveTextContent('0.00017112 BTC');
    expect(createdBodies(requests)).toEqual([
      { source: MINTER, type: 'mint', tick: 'PEPE', amount: '1000', desiredFeeRate: -1, promo: false, isPsbt: true },
    ]);
  });

  it("does not warn at 20% or below, and names the royalties the server's build pays", async () => {
    stubStack({
      create: () => ({
        body: { result: built('70736274ff01', { fee: 2000, vsize: 250, walletFee: 0, royalties: 4000, total: 6000 }) },
      }),
    });
    renderMint({ action: 'mint-src20', src20: { ...pepe, progress: '20', royalties: 4000 } });
    const dialog = screen.getByRole('dialog', { name: 'Mint PEPE' });
    expect(within(dialog).queryByRole('note')).not.toBeInTheDocument();
    await mintButton(dialog);
    expect(estimateRow(dialog, 'Royalties')).toHaveTextContent('0.00004 BTC');
    expect(within(within(dialog).getByLabelText('Estimate')).queryByText('Service fee')).not.toBeInTheDocument();
    expect(within(within(dialog).getByLabelText('Estimate')).queryByText('Data outputs')).not.toBeInTheDocument();
  });

  it("offers the promo while it has mints left: 'Only n/1000 left', quoted and signed at its price", async () => {
    const { requests } = stubStack({
      promo: { body: { left: 250, limit: 1000, price: 10990 } },
      create: (request) => {
        const promo = (request.body as { promo: boolean }).promo;
        const walletFee = promo ? 10990 : 2222;
        const hex = promo ? '70736274ff0b' : '70736274ff0a';
        return {
          body: { result: built(hex, { fee: 2000, vsize: 250, walletFee, royalties: 0, total: 14890 + walletFee }) },
        };
      },
    });
    const { page, signPsbt } = unisatPage();
    renderMint({ action: 'mint-src20', src20: pepe }, page);
    const dialog = screen.getByRole('dialog', { name: 'Mint PEPE' });
    expect(await within(dialog).findByText('Only 250/1000 left')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Promo: 90% off/ }));
    await mintButton(dialog);
    expect(estimateRow(dialog, 'Service fee')).toHaveTextContent('0.0001099 BTC');
    expect(estimateRow(dialog, 'Total')).toHaveTextContent('0.0002588 BTC');
    fireEvent.click(await mintButton(dialog));
    await within(dialog).findByRole('link', { name: TXID });
    expect(createdBodies(requests).at(-1)).toEqual({
      source: MINTER,
      type: 'mint',
      tick: 'PEPE',
      amount: '1000',
      desiredFeeRate: -1,
      promo: true,
      isPsbt: true,
    });
    expect(signPsbt.mock.calls.map((call) => call[0])).toEqual(['70736274ff0b']);
    expect(broadcastBodies(requests)).toEqual([
      { txHex: '70736274ff0b5369676e6564', info: 'mint-src20', isPsbt: true },
    ]);
  });

  it('offers no promo when none is left', async () => {
    const { requests } = stubStack({ promo: { body: { left: 0, limit: 1000, price: 10990 } } });
    renderMint({ action: 'mint-src20', src20: pepe });
    const dialog = screen.getByRole('dialog', { name: 'Mint PEPE' });
    await waitFor(() => {
      expect(requests.some((r) => r.url.pathname === '/api/wallet/promo')).toBe(true);
    });
    await mintButton(dialog);
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('left');
  });

  it('asks for the buy fee past half the supply', async () => {
    const { requests } = stubStack();
    renderMint({ action: 'mint-src20', src20: { ...pepe, progress: '60' } });
    const dialog = screen.getByRole('dialog', { name: 'Mint PEPE' });
    expect(await within(dialog).findByRole('radio', { name: /Ninja Optimized.*12\.24 sat\/vB/ })).toBeChecked();
    const amount = within(dialog).getByRole('textbox', { name: 'Amount' });
    fireEvent.change(amount, { target: { value: '500.5' } });
    fireEvent.click(await mintButton(dialog));
    await within(dialog).findByRole('link', { name: TXID });
    expect(createdBodies(requests).at(-1)).toMatchObject({ amount: '500.5', desiredFeeRate: 12.24, promo: false });
  });

  it('refuses an amount above the limit', async () => {
    stubStack();
    renderMint({ action: 'mint-src20', src20: pepe });
    const dialog = screen.getByRole('dialog', { name: 'Mint PEPE' });
    await mintButton(dialog);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Amount' }), { target: { value: '1001' } });
    expect(within(dialog).getByText('The amount must be more than 0 and at most 1000')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Mint' })).toBeDisabled();
  });

  it("says 'Missing src20 data...' without the tick's data", () => {
    stubStack();
    renderMint({ action: 'mint-src20', src20: null });
    expect(screen.getByRole('dialog', { name: 'Mint' })).toHaveTextContent('Missing src20 data...');
  });
});

function pad(overrides: Partial<Collection> = {}): Collection {
  const now = Date.now();
  return {
    collection_id: 'pixels',
    name: 'Pixels',
    type: 'other',
    user_id: 'alice',
    twitter: '',
    website: '',
    description: '',
    icon_id: '',
    is_launchpad: true,
    stamp_count: 12,
    collector_count: 5,
    stamp_ids: [],
    stamp_images: [],
    lowest_stamp_number: 1,
    highest_stamp_number: 12,
    lowest_timestamp: 0,
    highest_timestamp: 0,
    floor_price: null,
    total_volume: 0,
    day_volume: null,
    week_volume: null,
    month_volume: null,
    market_cap: null,
    max: 100,
    quantity_per_mint: 1,
    fee: 30000,
    public_mint: [now - HOUR, now + HOUR],
    free_mint: null,
    white_list_config: [
      { time_range: [now - HOUR, now + HOUR], fee: 0, limit: 50, limit_per_hold: 1, groups: [] },
      { time_range: [now + HOUR, now + 2 * HOUR], fee: 1000, limit: 50, limit_per_hold: 1, groups: [] },
    ],
    ...overrides,
  };
}

describe('the launchpad mint dialog', () => {
  it("checks the minter's address on opening: 'Checking...', then eligible with its mints", async () => {
    let answer: (reply: StubReply) => void = () => undefined;
    const { requests } = stubFetchRequestsWithWhitelist((address) =>
      address === MINTER
        ? new Promise<StubReply>((resolve) => {
            answer = resolve;
          })
        : { body: { result: -1, max: 0, minted: 0, error: '' } },
    );
    renderMint({ action: 'mint-launchpad', collection: pad({ white_list_config: [] }) });
    const dialog = screen.getByRole('dialog', { name: 'Mint Pixels' });
    const address = within(dialog).getByRole('textbox', { name: 'Whitelist check' });
    await waitFor(() => {
      expect(address).toHaveValue(MINTER);
    });
    expect(within(dialog).getByText('Checking...')).toBeInTheDocument();
    await waitFor(() => {
      expect(requests.some((r) => r.url.pathname === `/api/wallet/whitelist/pixels/${MINTER}`)).toBe(true);
    });
    await act(async () => {
      answer({ body: { result: 1, max: 3, minted: 1, error: '' } });
      await Promise.resolve();
    });
    expect(await within(dialog).findByText(/You are eligible for whitelist mint\./)).toHaveTextContent(
      'You are eligible for whitelist mint. Minted 1/3.',
    );
  });

  it('is idle for a short address, not eligible for -1, and says it could not check on a failure', async () => {
    const { requests } = stubStack({
      whitelist: (address) =>
        address === OTHER
          ? { body: { result: -1, max: 0, minted: 0, error: '' } }
          : { status: 500, body: { error: 'whitelist unavailable' } },
    });
    renderMint({ action: 'mint-launchpad', collection: pad() });
    const dialog = screen.getByRole('dialog', { name: 'Mint Pixels' });
    const address = within(dialog).getByRole('textbox', { name: 'Whitelist check' });
    expect(await within(dialog).findByText("Couldn't check, try again later...")).toBeInTheDocument();

    fireEvent.change(address, { target: { value: 'x'.repeat(26) } });
    await waitFor(() => {
      expect(within(dialog).queryByText(/Checking|eligible|check, try/)).not.toBeInTheDocument();
    });
    fireEvent.change(address, { target: { value: OTHER } });
    expect(within(dialog).getByText('Checking...')).toBeInTheDocument();
    expect(await within(dialog).findByText('You are not eligible for any discount.')).toBeInTheDocument();
    const asked = requests.filter((r) => r.url.pathname.startsWith('/api/wallet/whitelist/'));
    expect(asked.map((r) => r.url.pathname)).toEqual([
      `/api/wallet/whitelist/pixels/${MINTER}`,
      `/api/wallet/whitelist/pixels/${OTHER}`,
    ]);
  });

  it('says it could not check when the answer holds an error', async () => {
    stubStack({ whitelist: () => ({ body: { result: -1, max: 0, minted: 0, error: 'Collection not found' } }) });
    renderMint({ action: 'mint-launchpad', collection: pad() });
    const dialog = screen.getByRole('dialog', { name: 'Mint Pixels' });
    expect(await within(dialog).findByText("Couldn't check, try again later...")).toBeInTheDocument();
  });

  it("shows the server's service fee, the owner's fee and the network fee, with the quantity locked n/n", async () => {
    const { requests } = stubStack({
      create: () => ({
        body: {
          result: built('70736274ff01', { fee: 2941, vsize: 346, walletFee: 23220, royalties: 30000, total: 56161 }),
        },
      }),
    });
    renderMint({ action: 'mint-launchpad', collection: pad() });
    const dialog = screen.getByRole('dialog', { name: 'Mint Pixels' });
    const terms = within(dialog).getByLabelText('Terms');
    expect(terms).toHaveTextContent('Price0.0003 BTC');
    expect(terms).toHaveTextContent('Quantity1/1');
    await within(dialog).findByText('You are not eligible for any discount.');
    await mintButton(dialog);
    expect(estimateRow(dialog, 'Service fee')).toHaveTextContent('0.0002322 BTC');
    expect(estimateRow(dialog, 'Launchpad fee')).toHaveTextContent('0.0003 BTC');
    expect(estimateRow(dialog, 'Network fee (346 vB)')).toHaveTextContent('0.00002941 BTC');
    expect(estimateRow(dialog, 'Total')).toHaveTextContent('0.00056161 BTC');
    expect(createdBodies(requests).at(-1)).toEqual({
      source: MINTER,
      name: 'pixels',
      times: 1,
      freeCode: '',
      desiredFeeRate: -1,
      isPsbt: true,
    });
  });

  it("takes the minter's free whitelist round: free, and builds again for the price shown", async () => {
    let eligible = false;
    const { requests } = stubStack({
      whitelist: () =>
        new Promise<StubReply>((resolve) => {
          setTimeout(() => {
            eligible = true;
            resolve({ body: { result: 0, max: 1, minted: 0, error: '' } });
          }, 700);
        }),
      create: () => ({
        body: {
          result: eligible
            ? built('70736274ff00', { fee: 2941, vsize: 346, walletFee: 255, royalties: 0, total: 3196 })
            : built('70736274ff01', { fee: 2941, vsize: 346, walletFee: 23220, royalties: 30000, total: 56161 }),
        },
      }),
    });
    renderMint({ action: 'mint-launchpad', collection: pad() });
    const dialog = screen.getByRole('dialog', { name: 'Mint Pixels' });
    await within(dialog).findByText(/You are eligible for whitelist mint\./, undefined, { timeout: 3000 });
    expect(within(dialog).getByLabelText('Terms')).toHaveTextContent('PriceFree');
    await waitFor(() => {
      expect(estimateRow(dialog, 'Total')).toHaveTextContent('0.00003196 BTC');
    });
    expect(estimateRow(dialog, 'Service fee')).toHaveTextContent('0.00000255 BTC');
    expect(within(within(dialog).getByLabelText('Estimate')).queryByText('Launchpad fee')).not.toBeInTheDocument();
    expect(createdBodies(requests).length).toBeGreaterThanOrEqual(1);
  });

  it("keeps the public price when another address is eligible, or the minter's round is not running", async () => {
    stubStack({
      whitelist: (address) => ({ body: { result: address === OTHER ? 0 : 1, max: 1, minted: 0, error: '' } }),
    });
    renderMint({ action: 'mint-launchpad', collection: pad() });
    const dialog = screen.getByRole('dialog', { name: 'Mint Pixels' });
    await within(dialog).findByText(/You are eligible for whitelist mint\./);
    // Round 1 starts in an hour: the public fee holds.
    expect(within(dialog).getByLabelText('Terms')).toHaveTextContent('Price0.0003 BTC');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Whitelist check' }), { target: { value: OTHER } });
    await within(dialog).findByText('Checking...');
    await within(dialog).findByText(/You are eligible for whitelist mint\./);
    expect(within(dialog).getByLabelText('Terms')).toHaveTextContent('Price0.0003 BTC');
  });

  it('mints the locked quantity: signs every transaction, then sends each and links them', async () => {
    const second = 'f'.repeat(64);
    const psbts = [
      { txHex: '70736274ff01', inputsToSign: [{ index: 0, address: MINTER }], hashes: [] },
      { txHex: '70736274ff02', inputsToSign: [{ index: 0, address: MINTER }], hashes: [] },
    ];
    let sends = 0;
    const { requests } = stubStack({
      create: () => ({ body: { result: { ...build, psbts } } }),
      broadcast: () => {
        sends += 1;
        return { body: { result: [sends === 1 ? TXID : second] } };
      },
    });
    const { page, signPsbt } = unisatPage();
    renderMint({ action: 'mint-launchpad', collection: pad({ quantity_per_mint: 2 }) }, page);
    const dialog = screen.getByRole('dialog', { name: 'Mint Pixels' });
    expect(within(dialog).getByLabelText('Terms')).toHaveTextContent('Quantity2/2');
    fireEvent.click(await mintButton(dialog));
    expect(await within(dialog).findByRole('link', { name: second })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: TXID })).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Transactions sent');
    expect(signPsbt.mock.calls.map((call) => call[0])).toEqual(['70736274ff01', '70736274ff02']);
    expect(createdBodies(requests)).toEqual([
      { source: MINTER, name: 'pixels', times: 2, freeCode: '', desiredFeeRate: -1, isPsbt: true },
    ]);
    const sent = requests.filter((r) => r.url.pathname === '/api/wallet/broadcast').map((r) => r.body);
    expect(sent).toEqual([
      { txHex: '70736274ff015369676e6564', info: 'mint-launchpad', isPsbt: true },
      { txHex: '70736274ff025369676e6564', info: 'mint-launchpad', isPsbt: true },
    ]);
  });

  it('shows what was sent when a later transaction fails', async () => {
    const psbts = [
      { txHex: '70736274ff01', inputsToSign: [{ index: 0, address: MINTER }], hashes: [] },
      { txHex: '70736274ff02', inputsToSign: [{ index: 0, address: MINTER }], hashes: [] },
    ];
    let sends = 0;
    stubStack({
      create: () => ({ body: { result: { ...build, psbts } } }),
      broadcast: () => {
        sends += 1;
        return sends === 1 ? { body: { result: [TXID] } } : { status: 400, body: { error: 'txn-mempool-conflict' } };
      },
    });
    renderMint({ action: 'mint-launchpad', collection: pad() });
    const dialog = screen.getByRole('dialog', { name: 'Mint Pixels' });
    fireEvent.click(await mintButton(dialog));
    expect(await within(dialog).findByRole('link', { name: TXID })).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('txn-mempool-conflict');
  });

  it("says 'Missing collection data...' without the collection", () => {
    stubStack();
    renderMint({ action: 'mint-launchpad', collection: null });
    expect(screen.getByRole('dialog', { name: 'Mint' })).toHaveTextContent('Missing collection data...');
  });
});

describe('the mint controls', () => {
  it("open no dialog for a session without a wallet that signs: the Ninja wallet's frame mints", () => {
    stubStack();
    const { store } = renderMint({ action: 'mint-src20', src20: pepe }, unisatPage().page, 'default');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().walletFrame.request).toEqual({ action: 'mint-src20', cpid: 'PEPE' });
  });

  it('say the data is missing for a session without a wallet that signs too', () => {
    stubStack();
    renderMint({ action: 'mint-src20', src20: null }, unisatPage().page, 'ninja');
    expect(screen.getByRole('dialog', { name: 'Mint' })).toHaveTextContent('Missing src20 data...');
  });

  it('close the dialog', () => {
    stubStack();
    const { store } = renderMint({ action: 'mint-src20', src20: pepe });
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Mint PEPE' })).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().mint.request).toBeNull();
  });
});

/** The stack with the whitelist answered by `whitelist` (which may answer later). */
function stubFetchRequestsWithWhitelist(whitelist: (address: string) => StubReply | Promise<StubReply>) {
  return stubFetchRequests((request) => {
    const path = request.url.pathname;
    if (path.startsWith('/api/wallet/whitelist/')) return whitelist(decodeURIComponent(path.split('/').pop() ?? ''));
    if (path === '/api/user') return { body: user };
    if (path === '/api/fees') return { body: { ...FEES, time: Date.now() } };
    return { status: 404, body: { error: 'not found' } };
  });
}
