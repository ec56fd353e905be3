import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sendLiveValue } from '@/testing/event-source';
import { renderWithProviders, stubFetchRequests, type StubReply, type StubRequest } from '@/testing/render';
import type { PsbtWindow } from '@/lib/wallet/psbt-wallets';
import { BuyControls } from './buy-controls';
import { BuyDialog } from './buy-dialog';

const BUYER = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const SWAP = `${'c'.repeat(64)}:1`;
const CLOSED = 'd'.repeat(64);
const TXID = 'e'.repeat(64);

const user = {
  user_id: 'u1',
  username: 'alice',
  twitter: null,
  addresses: [BUYER],
  currentAddress: BUYER,
  wishlist: [],
  staff: false,
};

function item(txHash: string, fields: Record<string, unknown> = {}) {
  return {
    tx_hash: txHash,
    source: `bc1qseller${txHash.slice(0, 4)}`,
    owner: 'bc1qowner',
    origin: 'bc1qowner',
    cpid: `A${String(txHash.charCodeAt(0))}`,
    asset_longname: null,
    divisible: false,
    give_quantity: '1',
    give_remaining: '5',
    price: 10_000,
    url: '',
    ...fields,
  };
}

const ITEMS: Record<string, ReturnType<typeof item>> = {
  [A]: item(A, { give_quantity: '2', give_remaining: '9', price: 20_000 }),
  [B]: item(B, { price: 100_000, owner: 'bc1qnewowner' }),
  [SWAP]: item(SWAP, { give_quantity: '1', give_remaining: '1', price: 50_000 }),
  [CLOSED]: item(CLOSED, { error: 'Dispenser is closed' }),
};

const FEES = { fastestFee: 12, halfHourFee: 10, hourFee: 8, economyFee: 4, minimumFee: 1, optimalFee: 8.5, buyFee: 12 };

const build = {
  txHex: '70736274ff01',
  inputsToSign: [{ index: 0, address: BUYER }],
  fee: 1904,
  vsize: 224,
  walletFee: 2222,
  royalties: 0,
  total: 24_126,
  hashes: [A],
};

type Answers = {
  fees?: StubReply;
  create?: (request: StubRequest) => StubReply | Promise<StubReply>;
  broadcast?: (request: StubRequest) => StubReply | Promise<StubReply>;
};

/** The stack's answers at the HTTP boundary: the user, the listings, fees, prices, create and broadcast. */
function stubStack({ fees, create, broadcast }: Answers = {}) {
  return stubFetchRequests((request) => {
    const path = request.url.pathname;
    if (path === '/api/user') return { body: user };
    if (path === '/api/fees') return fees ?? { body: { ...FEES, time: Date.now() } };
    if (path === '/api/prices') return { body: { time: Date.now(), USD: 60_000, EUR: 55_000 } };
    if (path.startsWith('/api/wallet/buy/')) {
      const hashes = decodeURIComponent(path.slice('/api/wallet/buy/'.length)).split(',');
      const found = hashes.map((hash) => ITEMS[hash] ?? item(hash, { error: 'Dispenser not found' }));
      return { body: found.length === 1 ? found[0] : found };
    }
    if (path === '/api/wallet/create/buy') return create?.(request) ?? { body: { result: build, errors: [] } };
    if (path === '/api/wallet/broadcast') return broadcast?.(request) ?? { body: { result: [TXID] } };
    return { status: 404, body: { error: 'not found' } };
  });
}

function unisatPage(signed = 'beefcafe') {
  const signPsbt = vi.fn(() => Promise.resolve(signed));
  return { page: { unisat: { signPsbt } } satisfies PsbtWindow, signPsbt };
}

function renderDialog(cart: string[], page: PsbtWindow = unisatPage().page, logged = 'unisat') {
  localStorage.setItem('cart', JSON.stringify(cart));
  const onClose = vi.fn();
  const onRefused = vi.fn();
  const rendered = renderWithProviders(<BuyDialog onClose={onClose} onRefused={onRefused} page={page} />, {
    logged,
  });
  return { ...rendered, onClose, onRefused, dialog: screen.getByRole('dialog', { name: 'Buy' }) };
}

function cartInStorage(): unknown {
  return JSON.parse(localStorage.getItem('cart') ?? '[]');
}

async function buyButton(dialog: HTMLElement): Promise<HTMLElement> {
  const button = await within(dialog).findByRole('button', { name: 'Buy' });
  await waitFor(() => {
    expect(button).toBeEnabled();
  });
  return button;
}

describe('the buy dialog', () => {
  it("says 'No transaction hash provided' for an empty cart", () => {
    stubStack();
    const { dialog } = renderDialog([]);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('No transaction hash provided');
  });

  it("shows each listing: price, quantity, 'Max', and the reason one cannot be bought", async () => {
    stubStack();
    const { dialog } = renderDialog([A, SWAP, CLOSED]);
    const cart = await within(dialog).findByRole('list', { name: 'Cart' });
    const rows = within(cart).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    // The dollar figure comes with the BTC price, which may answer after the cart.
    await vi.waitFor(() => expect(rows[0]).toHaveTextContent('0.0002 BTC ≈ $12.00 per 2'));
    expect(rows[0]).toHaveTextContent('Remaining: 9');
    expect(rows[1]).toHaveTextContent('Atomic swap');
    // An atomic swap (what remains is one lot): the quantity cannot change.
    expect(within(rows[1] as HTMLElement).getByRole('textbox')).toBeDisabled();
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Max' })).toBeDisabled();
    expect(rows[2]).toHaveTextContent('Dispenser is closed');
    expect(within(rows[2] as HTMLElement).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('applies the quantity rules on blur: a multiple of the lot, at most what remains, at least one lot', async () => {
    stubStack();
    const { dialog } = renderDialog([A]);
    const input = await within(dialog).findByRole('textbox', { name: /Quantity of/ });
    expect(input).toHaveValue('2');
    for (const [typed, kept] of [
      ['7', '6'],
      ['100', '8'],
      ['0', '2'],
      ['abc', '2'],
      ['5.9', '4'],
    ] as const) {
      fireEvent.change(input, { target: { value: typed } });
      expect(input).toHaveValue(typed);
      fireEvent.blur(input);
      expect(input).toHaveValue(kept);
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(input).toHaveValue('8');
  });

  it("says 'Fee is loading...' until a fee record arrives, then offers the options with their rates", async () => {
    stubStack({ fees: { status: 503, body: { error: 'no fee record yet' } } });
    const { dialog } = renderDialog([A]);
    expect(await within(dialog).findByText('Fee is loading...')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Buy' })).toBeDisabled();
    await sendLiveValue('mempoolFees', { ...FEES, time: Date.now() });
    expect(await within(dialog).findByRole('radio', { name: /Ninja Optimized.*8\.5 sat\/vB/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /Fastest.*12 sat\/vB/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /Half hour.*10 sat\/vB/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /Hour.*8 sat\/vB/ })).toBeInTheDocument();
    expect(within(dialog).queryByText('Fee is loading...')).not.toBeInTheDocument();
    await buyButton(dialog);
  });

  it("shows the server's quote in BTC and the chosen currency, built again 500 ms after the last change", async () => {
    // The server's figures: what the order pays the sellers, a 464 vB transaction at the rate asked (8.5 for -1), its
    // service fee and royalties.
    const { requests } = stubStack({
      create: (request) => {
        const order = request.body as { destinations: [string, number][]; desiredFeeRate: number };
        const items = order.destinations.reduce((sum, [, amount]) => sum + amount, 0);
        const fee = Math.ceil((order.desiredFeeRate === -1 ? 8.5 : order.desiredFeeRate) * 464);
        const total = items + fee + 4444 + 3000;
        return { body: { result: { ...build, fee, vsize: 464, walletFee: 4444, royalties: 3000, total }, errors: [] } };
      },
    });
    document.cookie = 'currency=EUR; Path=/';
    const { dialog } = renderDialog([A, B]);
    const list = await within(dialog).findByLabelText('Estimate');
    expect(within(list).getByText('Items').nextSibling).toHaveTextContent('0.0012 BTC ≈ €66.00');
    expect(within(list).getByText('Network fee (464 vB)').nextSibling).toHaveTextContent('0.00003944 BTC');
    expect(within(list).getByText('Service fee').nextSibling).toHaveTextContent('0.00004444 BTC');
    expect(within(list).getByText('Royalties').nextSibling).toHaveTextContent('0.00003 BTC');
    expect(within(list).getByText('Total').nextSibling).toHaveTextContent('0.00131388 BTC ≈ €72.26');
    expect(requests.filter((request) => request.url.pathname === '/api/wallet/create/buy')).toHaveLength(1);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const input = within(dialog).getAllByRole('textbox')[0] as HTMLElement;
      fireEvent.change(input, { target: { value: '4' } });
      fireEvent.click(within(dialog).getByRole('radio', { name: /Fastest/ }));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(400);
      });
      // Until the new build is there, the last one shows as pending and nothing can be signed.
      expect(list).toHaveAttribute('aria-busy', 'true');
      expect(within(list).getByText('Items').nextSibling).toHaveTextContent('0.0012 BTC');
      expect(within(dialog).getByRole('button', { name: 'Buy' })).toBeDisabled();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(150);
      });
      await waitFor(() => {
        expect(list).toHaveAttribute('aria-busy', 'false');
      });
      // 2 lots of A: 40,000 + 100,000; 464 vB at 12 sat/vB = 5,568.
      expect(within(list).getByText('Items').nextSibling).toHaveTextContent('0.0014 BTC');
      expect(within(list).getByText('Network fee (464 vB)').nextSibling).toHaveTextContent('0.00005568 BTC');
      expect(requests.filter((request) => request.url.pathname === '/api/wallet/create/buy').at(-1)?.body).toEqual({
        source: BUYER,
        tx_hashes: [A, B],
        destinations: [
          [ITEMS[A]?.source, 40_000],
          [ITEMS[B]?.source, 100_000],
        ],
        fee: 4444,
        royalties: 3000,
        isPsbt: true,
        desiredFeeRate: 12,
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('creates the PSBT, has it signed, broadcasts it, links the txid; the listing leaves the cart', async () => {
    const { requests } = stubStack();
    const { page, signPsbt } = unisatPage('5369676e6564');
    const { dialog } = renderDialog([A, CLOSED], page);
    const input = await within(dialog).findByRole('textbox', { name: /Quantity of/ });
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.click(await buyButton(dialog));

    const link = await within(dialog).findByRole('link', { name: TXID });
    expect(link).toHaveAttribute('href', `https://mempool.space/tx/${TXID}`);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Transaction sent');
    const create = requests.filter((request) => request.url.pathname === '/api/wallet/create/buy').at(-1);
    expect(create?.method).toBe('POST');
    // The typed 5 is bought as 4 (two lots of 2 at 20,000 each).
    expect(create?.body).toEqual({
      source: BUYER,
      tx_hashes: [A],
      destinations: [[ITEMS[A]?.source, 40_000]],
      fee: 2222,
      royalties: 0,
      isPsbt: true,
      desiredFeeRate: -1,
    });
    expect(signPsbt).toHaveBeenCalledWith(build.txHex, { autoFinalized: true, toSignInputs: build.inputsToSign });
    const broadcast = requests.find((request) => request.url.pathname === '/api/wallet/broadcast');
    expect(broadcast?.body).toEqual({ txHex: '5369676e6564', info: 'buy', isPsbt: true });
    expect(cartInStorage()).toEqual([CLOSED]);
  });

  it('signs every transaction of a cart built as several, then sends them in order and links each', async () => {
    const second = 'f'.repeat(64);
    const psbts = [
      { txHex: '70736274ff01', inputsToSign: [{ index: 0, address: BUYER }], hashes: [A] },
      { txHex: '70736274ff02', inputsToSign: [{ index: 0, address: BUYER }], hashes: [B] },
    ];
    let sends = 0;
    const { requests } = stubStack({
      create: () => ({ body: { result: { ...build, hashes: [A, B], psbts }, errors: [] } }),
      broadcast: () => {
        sends += 1;
        return { body: { result: [sends === 1 ? TXID : second] } };
      },
    });
    const signPsbt = vi.fn((hex: string) => Promise.resolve(`${hex}aa`));
    const { dialog } = renderDialog([A, B], { unisat: { signPsbt } });
    fireEvent.click(await buyButton(dialog));

    expect(await within(dialog).findByRole('link', { name: second })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: TXID })).toBeInTheDocument();
    expect(signPsbt.mock.calls.map((call) => call[0])).toEqual(['70736274ff01', '70736274ff02']);
    const sent = requests.filter((request) => request.url.pathname === '/api/wallet/broadcast');
    expect(sent.map((request) => (request.body as { txHex: string }).txHex)).toEqual([
      '70736274ff01aa',
      '70736274ff02aa',
    ]);
    expect(cartInStorage()).toEqual([]);
  });

  it('disables the inputs while submitting', async () => {
    let answer: (reply: StubReply) => void = () => undefined;
    stubStack({
      broadcast: () =>
        new Promise<StubReply>((resolve) => {
          answer = resolve;
        }),
    });
    const { dialog } = renderDialog([A]);
    const input = await within(dialog).findByRole('textbox', { name: /Quantity of/ });
    fireEvent.click(await buyButton(dialog));
    await waitFor(() => {
      expect(input).toBeDisabled();
    });
    expect(within(dialog).getByRole('radio', { name: /Fastest/ })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Max' })).toBeDisabled();
    await act(async () => {
      answer({ status: 400, body: { error: 'Insufficient funds' } });
      await Promise.resolve();
    });
    expect(await within(dialog).findByText('Insufficient funds')).toBeInTheDocument();
    expect(input).toBeEnabled();
  });

  it('shows the listings left out above the form and takes them out of the cart, then buys the rest', async () => {
    stubStack({
      create: () => ({ body: { result: build, errors: [{ tx_hash: B, error: 'Dispenser is empty' }] } }),
      broadcast: () => ({ status: 400, body: { error: 'bad-txns-inputs-missingorspent' } }),
    });
    const { dialog } = renderDialog([A, B]);
    const buy = await buyButton(dialog);
    // The quote says so before anything is signed.
    expect(within(dialog).getByText(`${ITEMS[B]?.cpid ?? ''}: Dispenser is empty`)).toBeInTheDocument();
    expect(cartInStorage()).toEqual([A, B]);
    fireEvent.click(buy);
    // The node's reason, as is; the listing not bought stays in the cart.
    expect(await within(dialog).findByText('bad-txns-inputs-missingorspent')).toBeInTheDocument();
    expect(cartInStorage()).toEqual([A]);
  });

  it("says 'Error broadcasting transaction' for an empty result", async () => {
    stubStack({ broadcast: () => ({ body: { result: [] } }) });
    const { dialog } = renderDialog([A]);
    fireEvent.click(await buyButton(dialog));
    expect(await within(dialog).findByText('Error broadcasting transaction')).toBeInTheDocument();
    expect(cartInStorage()).toEqual([A]);
  });

  it("says 'API Error' when the create call gets no answer, and 'An error occurred' without a reason", async () => {
    let failNetwork = true;
    stubStack({
      create: () => {
        if (failNetwork) throw new TypeError('Failed to fetch');
        return { status: 500, body: 'oops' };
      },
    });
    const { dialog } = renderDialog([A]);
    expect(await within(dialog).findByText('API Error', undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Buy' })).toBeDisabled();
    failNetwork = false;
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Quantity of/ }), { target: { value: '4' } });
    expect(await within(dialog).findByText('An error occurred', undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Buy' })).toBeDisabled();
  });

  it("says '{provider} Wallet not found' when the signed-in wallet is missing, and warns on opening", async () => {
    const { requests } = stubStack();
    const { dialog } = renderDialog([A], {}, 'okx');
    expect(await within(dialog).findByText("Logged with OKX but it doesn't look installed")).toBeInTheDocument();
    fireEvent.click(await buyButton(dialog));
    expect(await within(dialog).findByText('OKX Wallet not found')).toBeInTheDocument();
    expect(requests.some((request) => request.url.pathname === '/api/wallet/broadcast')).toBe(false);
  });

  it("signs with Leather's signPsbt at the inputs' indexes", async () => {
    const request = vi.fn(() => Promise.resolve({ result: { hex: 'abcd' } }));
    const { requests } = stubStack();
    const { dialog } = renderDialog([A], { LeatherProvider: { request } }, 'leather');
    fireEvent.click(await buyButton(dialog));
    expect(await within(dialog).findByRole('link', { name: TXID })).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith('signPsbt', { hex: build.txHex, signAtIndex: [0] });
    expect(requests.find((r) => r.url.pathname === '/api/wallet/broadcast')?.body).toMatchObject({ txHex: 'abcd' });
  });

  it('removes a listing from the cart', async () => {
    stubStack();
    const { dialog } = renderDialog([A, CLOSED]);
    fireEvent.click(
      await within(dialog).findByRole('button', { name: `Remove ${ITEMS[CLOSED]?.cpid ?? ''} from the cart` }),
    );
    await waitFor(() => {
      expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
    });
    expect(cartInStorage()).toEqual([A]);
  });
});

describe('the cart button and a refused purchase', () => {
  it('opens the dialog; when every listing fails it closes, shows the reasons, empties the cart of them', async () => {
    stubStack({
      create: () => ({
        status: 400,
        body: {
          error: 'Nothing to buy',
          errors: [
            { tx_hash: A, error: 'Dispenser is closed' },
            { tx_hash: B, error: 'Dispenser is empty' },
          ],
        },
      }),
    });
    vi.stubGlobal('unisat', unisatPage().page.unisat);
    localStorage.setItem('cart', JSON.stringify([A, B, CLOSED]));
    const { store } = renderWithProviders(<BuyControls />, { logged: 'unisat' });
    fireEvent.click(screen.getByRole('button', { name: 'Cart (3)' }));
    const dialog = screen.getByRole('dialog', { name: 'Buy' });
    const buy = await buyButton(dialog);
    // The quote shows the reasons first; buying then does what the spec says of a purchase that fails whole.
    expect(within(dialog).getByText(`${ITEMS[B]?.cpid ?? ''}: Dispenser is empty`)).toBeInTheDocument();
    fireEvent.click(buy);

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(`${ITEMS[A]?.cpid ?? ''}: Dispenser is closed`);
    expect(alert.querySelector('p')?.textContent).toBe(
      `${ITEMS[A]?.cpid ?? ''}: Dispenser is closed\n${ITEMS[B]?.cpid ?? ''}: Dispenser is empty`,
    );
    expect(store.getState().cart.hashes).toEqual([CLOSED]);
    expect(screen.getByRole('button', { name: 'Cart (1)' })).toBeInTheDocument();
  });

  it('ends the session when the server no longer knows it, and opens the sign-in panel', async () => {
    stubStack({ create: () => ({ status: 401, body: { error: 'not signed in' } }) });
    vi.stubGlobal('unisat', unisatPage().page.unisat);
    localStorage.setItem('cart', JSON.stringify([A]));
    const { store } = renderWithProviders(<BuyControls />, { logged: 'unisat' });
    fireEvent.click(screen.getByRole('button', { name: 'Cart (1)' }));
    fireEvent.click(await buyButton(screen.getByRole('dialog', { name: 'Buy' })));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(store.getState().session).toMatchObject({ logged: '', signIn: 'connect' });
    // The dialog opens again after a new sign-in with a buying wallet.
    expect(store.getState().cart).toMatchObject({ hashes: [A], buyPending: true });
  });

  it('opens the sign-in panel for a visitor instead of the dialog', () => {
    localStorage.setItem('cart', JSON.stringify([A]));
    const { store } = renderWithProviders(<BuyControls />);
    fireEvent.click(screen.getByRole('button', { name: 'Cart (1)' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().session.signIn).toBe('connect');
  });
});
