import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WalletFrame } from '@/components/wallet/wallet-frame';
import { readLoggedCookie } from '@/lib/session';
import type { User } from '@/lib/user-api';
import { renderWithProviders, stubFetchRequests, type StubReply, type StubRequest } from '@/testing/render';
import { REGENERATE_DELAY_MS } from '../use-sign-in';
import type { WalletWindow } from '../wallets';
import { AuthControls } from './auth-controls';

const SEGWIT = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const OTHER = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const MESSAGE = 'stamps.test wants you to sign in with your Bitcoin account:\nbc1q...\n\nNonce: 1';
const WALLET_ORIGIN = 'http://127.0.0.1:8081';

const user: User = {
  user_id: 'u1',
  username: 'alice',
  twitter: null,
  addresses: [SEGWIT],
  currentAddress: SEGWIT,
  wishlist: [],
  staff: false,
};

type Answer = (request: StubRequest) => StubReply | undefined;

/** `answer`, with `GET /api/origins` naming the Ninja wallet app's origin. */
function withWalletApp(answer: Answer = () => undefined): Answer {
  return (request) =>
    answer(request) ??
    (request.url.pathname === '/api/origins'
      ? { body: { site: [window.location.origin], wallet: WALLET_ORIGIN } }
      : undefined);
}

/** The calls made, as 'METHOD /path', but the one asking where the wallet app is. */
function calls(requests: readonly StubRequest[]): string[] {
  return requests
    .filter((request) => request.url.pathname !== '/api/origins')
    .map((request) => `${request.method} ${request.url.pathname}`);
}

/** The API as the tests need it: `answer` first, then a message per address, the user, and 404 for the rest. */
function stubApi(answer: Answer = () => undefined) {
  let messages = 0;
  return stubFetchRequests((request) => {
    const own = answer(request);
    if (own) return own;
    const { pathname } = request.url;
    if (pathname.startsWith('/api/auth/message/') || pathname.startsWith('/api/auth/link/')) {
      messages += 1;
      return { text: `${MESSAGE} #${String(messages)}` };
    }
    if (pathname.startsWith('/api/user/test/')) return { text: 'OK' };
    if (pathname === '/api/user') return { body: user };
    return { status: 404, body: { error: 'not found' } };
  });
}

/** Waits for the panel's alert (always present, empty until there is something to say) to say `text`. */
async function expectAlert(panel: HTMLElement, text: string) {
  await waitFor(() => {
    expect(within(panel).getByRole('alert')).toHaveTextContent(text);
  });
}

function openPanel() {
  fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
  return screen.getByRole('dialog', { name: 'Connect' });
}

async function getMessage(panel: HTMLElement, address = SEGWIT) {
  fireEvent.change(within(panel).getByLabelText('Bitcoin address'), { target: { value: address } });
  fireEvent.click(within(panel).getByRole('button', { name: 'Get message' }));
  return within(panel).findByRole('button', { name: 'Message to sign (click to copy)' });
}

afterEach(() => {
  vi.useRealTimers();
  delete (window as WalletWindow).unisat;
});

describe('the account button', () => {
  it("says 'Connect' when signed out and opens the panel with the one-click wallets, Ninja first", async () => {
    stubApi(withWalletApp());
    renderWithProviders(<AuthControls />);
    const panel = openPanel();
    const group = within(panel).getByRole('group', { name: 'Wallets' });
    expect(await within(group).findByRole('button', { name: 'Ninja' })).toBeInTheDocument();
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Ninja', 'Leather', 'Unisat', 'OKX']);
  });

  it('offers no Ninja button when no wallet app is served', async () => {
    const { requests } = stubApi((request) =>
      request.url.pathname === '/api/origins' ? { body: { site: [], wallet: null } } : undefined,
    );
    renderWithProviders(<AuthControls />);
    const panel = openPanel();
    await waitFor(() => {
      expect(requests.map((request) => request.url.pathname)).toContain('/api/origins');
    });
    const wallets = within(within(panel).getByRole('group', { name: 'Wallets' })).getAllByRole('button');
    expect(wallets.map((button) => button.textContent)).toEqual(['Leather', 'Unisat', 'OKX']);
    expect(within(panel).queryByRole('button', { name: /ninja/i })).not.toBeInTheDocument();
  });

  it("says 'Settings' when signed in, and reads the user", async () => {
    const { requests } = stubApi();
    renderWithProviders(<AuthControls />, { logged: 'okx' });
    expect(screen.getByRole('button', { name: 'Settings' })).toBeInTheDocument();
    await waitFor(() => {
      expect(requests.some((request) => request.url.pathname === '/api/user')).toBe(true);
    });
  });

  it("signs out when the user call answers 401: the 'logged' cookie is cleared", async () => {
    document.cookie = 'logged=unisat; Path=/';
    stubApi((request) =>
      request.url.pathname === '/api/user' ? { status: 401, body: { error: 'Not signed in' } } : undefined,
    );
    const { store } = renderWithProviders(<AuthControls />, { logged: 'unisat' });
    expect(await screen.findByRole('button', { name: 'Connect' })).toBeInTheDocument();
    expect(readLoggedCookie(document.cookie)).toBe('');
    expect(store.getState().session.logged).toBe('');
  });
});

describe('one-click sign-in', () => {
  it('gets the address from Unisat, signs the message and registers the login', async () => {
    const signMessage = vi.fn(() => Promise.resolve('YmlwMzIy'));
    (window as WalletWindow).unisat = { requestAccounts: () => Promise.resolve([SEGWIT]), signMessage };
    const { requests } = stubApi((request) =>
      request.method === 'POST' && request.url.pathname === '/api/auth' ? { text: 'success' } : undefined,
    );
    const { store } = renderWithProviders(<AuthControls />);
    const panel = openPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Unisat' }));
    expect(await screen.findByRole('button', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls(requests)).toEqual([`GET /api/auth/message/${SEGWIT}`, 'POST /api/auth', 'GET /api/user']);
    expect(signMessage).toHaveBeenCalledWith(`${MESSAGE} #1`, 'bip322-simple');
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      address: SEGWIT,
      message: `${MESSAGE} #1`,
      signature: 'YmlwMzIy',
      type: 'unisat',
    });
    expect(readLoggedCookie(document.cookie)).toBe('unisat');
    expect(store.getState().session.logged).toBe('unisat');
  });

  it("says '{provider} Wallet not found' for a wallet that is not installed", async () => {
    stubApi();
    renderWithProviders(<AuthControls />);
    const panel = openPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'OKX' }));
    await expectAlert(panel, 'OKX Wallet not found');
  });

  it('ignores repeat clicks while the wallet is busy', async () => {
    let answer: (accounts: string[]) => void = () => undefined;
    const requestAccounts = vi.fn(
      () =>
        new Promise<string[]>((resolve) => {
          answer = resolve;
        }),
    );
    (window as WalletWindow).unisat = { requestAccounts, signMessage: () => Promise.reject(new Error('no')) };
    stubApi();
    renderWithProviders(<AuthControls />);
    const panel = openPanel();
    const button = within(panel).getByRole('button', { name: 'Unisat' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(requestAccounts).toHaveBeenCalledTimes(1);
    act(() => {
      answer([SEGWIT]);
    });
    await expectAlert(panel, 'Error signing message');
    expect(button).toHaveAttribute('aria-busy', 'false');
  });
});

describe('sign-in with the Ninja wallet', () => {
  /** The Ninja wallet's frame, once open, and its window. */
  async function findFrame() {
    const dialog = await screen.findByRole('dialog', { name: 'Ninja wallet' });
    const frame = within(dialog).getByTitle('Ninja wallet');
    if (!(frame instanceof HTMLIFrameElement) || !frame.contentWindow) throw new Error('no frame');
    return { dialog, frame, source: frame.contentWindow };
  }

  /** The panel and the Ninja wallet's frame it opened, once the button says so. */
  async function openNinja() {
    const rendered = renderWithProviders(
      <>
        <AuthControls />
        <WalletFrame />
      </>,
    );
    const panel = openPanel();
    const button = await within(panel).findByRole('button', { name: 'Ninja' });
    fireEvent.click(button);
    return { ...rendered, panel, button, ...(await findFrame()) };
  }

  function post(data: unknown, source: MessageEventSource, origin = WALLET_ORIGIN) {
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
    });
  }

  it("opens the frame to sign in, submits what it signed as type 'ninja' and registers the login", async () => {
    const { requests } = stubApi(
      withWalletApp((request) =>
        request.method === 'POST' && request.url.pathname === '/api/auth' ? { text: 'success' } : undefined,
      ),
    );
    const { button, frame, source, store } = await openNinja();
    const url = new URL(frame.src);
    expect(url.origin).toBe(WALLET_ORIGIN);
    expect(url.searchParams.get('action')).toBe('sign-in');
    expect(url.searchParams.get('purpose')).toBe('connect');
    expect(url.searchParams.get('timestamp')).toMatch(/^\d+$/);
    expect(button).toHaveAttribute('aria-busy', 'true');
    post({ type: 'ninja:signed', address: SEGWIT, message: MESSAGE, signature: 'Ym5pbmph' }, window, WALLET_ORIGIN);
    post({ type: 'ninja:signed', address: SEGWIT, message: MESSAGE, signature: 'Ym5pbmph' }, source, 'http://x.test');
    expect(calls(requests)).toEqual([]);
    post({ type: 'ninja:signed', address: SEGWIT, message: MESSAGE, signature: 'Ym5pbmph' }, source);
    expect(await screen.findByRole('button', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls(requests)).toEqual(['POST /api/auth', 'GET /api/user']);
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      address: SEGWIT,
      message: MESSAGE,
      signature: 'Ym5pbmph',
      type: 'ninja',
    });
    expect(readLoggedCookie(document.cookie)).toBe('ninja');
    expect(store.getState().session.logged).toBe('ninja');
  });

  it('stops waiting when the frame closes, and submits nothing', async () => {
    const { requests } = stubApi(withWalletApp());
    const { button, panel, source, store } = await openNinja();
    post('close', source);
    await waitFor(() => {
      expect(button).toHaveAttribute('aria-busy', 'false');
    });
    expect(screen.queryByRole('dialog', { name: 'Ninja wallet' })).not.toBeInTheDocument();
    expect(panel).toBeInTheDocument();
    expect(within(panel).getByRole('alert')).toHaveTextContent('');
    expect(calls(requests)).toEqual([]);
    expect(store.getState().session.logged).toBe('');
  });

  it('closes only the frame on Escape, and shows the answer of a refused sign-in in the panel', async () => {
    stubApi(withWalletApp((request) => (request.method === 'POST' ? { text: 'nope' } : undefined)));
    const first = await openNinja();
    // Even from within the panel under it (reached with Tab), Escape closes the frame alone.
    const address = within(first.panel).getByLabelText('Bitcoin address');
    address.focus();
    fireEvent.keyDown(address, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Ninja wallet' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Connect' })).toBeInTheDocument();
    await waitFor(() => {
      expect(first.button).toHaveAttribute('aria-busy', 'false');
    });
    fireEvent.click(first.button);
    const { source } = await findFrame();
    post({ type: 'ninja:signed', address: SEGWIT, message: MESSAGE, signature: 'sig' }, source);
    await expectAlert(first.panel, 'An error occurred');
    expect(first.button).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByRole('dialog', { name: 'Ninja wallet' })).not.toBeInTheDocument();
    expect(first.store.getState().session.logged).toBe('');
  });

  it('links an address signed in the frame through the link call', async () => {
    const { requests } = stubApi(
      withWalletApp((request) =>
        request.method === 'POST' && request.url.pathname === '/api/auth/link' ? { text: 'success' } : undefined,
      ),
    );
    renderWithProviders(
      <>
        <AuthControls />
        <WalletFrame />
      </>,
      { logged: 'ninja' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const drawer = screen.getByRole('dialog', { name: 'Settings' });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Link another address' }));
    const panel = screen.getByRole('dialog', { name: 'Link' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Ninja' }));
    const { frame, source } = await findFrame();
    expect(new URL(frame.src).searchParams.get('purpose')).toBe('link');
    post({ type: 'ninja:signed', address: OTHER, message: MESSAGE, signature: 'sig' }, source);
    expect(await screen.findByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')).toMatchObject({
      url: expect.objectContaining({ pathname: '/api/auth/link' }) as URL,
      body: { address: OTHER, message: MESSAGE, signature: 'sig', type: 'ninja' },
    });
  });
});

describe('manual sign-in', () => {
  it("refuses an invalid address with 'Invalid address', asking the server about long ones", async () => {
    const { requests } = stubApi((request) =>
      request.url.pathname.startsWith('/api/user/test/')
        ? { status: 400, body: { error: 'Invalid address' } }
        : undefined,
    );
    renderWithProviders(<AuthControls />);
    const panel = openPanel();
    fireEvent.change(within(panel).getByLabelText('Bitcoin address'), { target: { value: 'not-an-address' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Get message' }));
    await expectAlert(panel, 'Invalid address');
    fireEvent.change(within(panel).getByLabelText('Bitcoin address'), { target: { value: `${SEGWIT}xyz` } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Get message' }));
    await waitFor(() => {
      expect(calls(requests)).toEqual([`GET /api/user/test/${SEGWIT}xyz`]);
    });
    await waitFor(() => {
      expect(within(panel).getByRole('button', { name: 'Get message' })).toHaveAttribute('aria-busy', 'false');
    });
    expect(within(panel).getByRole('alert')).toHaveTextContent('Invalid address');
    expect(within(panel).queryByLabelText('Signature')).not.toBeInTheDocument();
  });

  it("shows the message, copies it with 'Copied!' for one second, and asks for the signature", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    stubApi();
    renderWithProviders(<AuthControls />);
    const panel = openPanel();
    const message = await getMessage(panel, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
    expect(message).toHaveTextContent('Nonce: 1');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      fireEvent.click(message);
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith(`${MESSAGE} #1`);
    expect(within(panel).getByText('Copied!')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(within(panel).getByText('Copied!')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(within(panel).queryByText('Copied!')).not.toBeInTheDocument();
    vi.useRealTimers();
    fireEvent.click(within(panel).getByRole('button', { name: 'Log in' }));
    await expectAlert(panel, 'Please sign the message');
  });

  it("submits the pasted signature as type 'default' and says 'An error occurred' for another answer", async () => {
    const { requests } = stubApi((request) => (request.method === 'POST' ? { text: 'nope' } : undefined));
    renderWithProviders(<AuthControls />);
    const panel = openPanel();
    await getMessage(panel);
    fireEvent.change(within(panel).getByLabelText('Signature'), { target: { value: ' H+sig= ' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Log in' }));
    await expectAlert(panel, 'An error occurred');
    expect(requests.at(-1)?.body).toEqual({
      address: SEGWIT,
      message: `${MESSAGE} #1`,
      signature: 'H+sig=',
      type: 'default',
    });
    expect(screen.getByRole('button', { name: 'Connect' })).toBeInTheDocument();
  });

  it("says 'Token expired', then after 2 seconds shows a new message: 'New message to sign generated'", async () => {
    const { requests } = stubApi((request) => (request.method === 'POST' ? { text: 'expired' } : undefined));
    renderWithProviders(<AuthControls />);
    const panel = openPanel();
    await getMessage(panel);
    fireEvent.change(within(panel).getByLabelText('Signature'), { target: { value: 'H+sig=' } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // Testing Library's find* wait on timers: with fake ones, the answers are awaited in act() instead.
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Log in' }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(within(panel).getByText('Token expired')).toBeInTheDocument();
    const messagesAsked = () => requests.filter((request) => request.url.pathname.startsWith('/api/auth/message/'));
    expect(messagesAsked()).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REGENERATE_DELAY_MS - 1);
    });
    expect(messagesAsked()).toHaveLength(1);
    expect(within(panel).getByText('Token expired')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(within(panel).getByText('New message to sign generated')).toBeInTheDocument();
    expect(messagesAsked()).toHaveLength(2);
    expect(within(panel).getByRole('button', { name: 'Message to sign (click to copy)' })).toHaveTextContent(
      'Nonce: 1 #2',
    );
    expect(within(panel).getByLabelText('Signature')).toHaveValue('');
    expect(within(panel).queryByText('Token expired')).not.toBeInTheDocument();
  });
});

describe('linking an address', () => {
  it("opens as 'Link' from the settings' '+', uses the link calls, and shows the drawer again", async () => {
    let linked = false;
    const { requests } = stubApi((request) => {
      if (request.method === 'POST' && request.url.pathname === '/api/auth/link') {
        linked = true;
        return { text: 'success' };
      }
      if (request.url.pathname === '/api/user') {
        return { body: linked ? { ...user, addresses: [SEGWIT, OTHER] } : user };
      }
      return undefined;
    });
    renderWithProviders(<AuthControls />, { logged: 'unisat' });
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const drawer = screen.getByRole('dialog', { name: 'Settings' });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Link another address' }));
    const panel = screen.getByRole('dialog', { name: 'Link' });
    await getMessage(panel, OTHER);
    fireEvent.change(within(panel).getByLabelText('Signature'), { target: { value: 'H+sig=' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Link address' }));
    const again = await screen.findByRole('dialog', { name: 'Settings' });
    expect(await within(again).findByRole('button', { name: `Unlink ${OTHER}` })).toBeInTheDocument();
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toContain(
      `GET /api/auth/link/${OTHER}`,
    );
    expect(screen.getByRole('button', { name: 'Settings' })).toBeInTheDocument();
  });
});
