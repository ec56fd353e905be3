import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { walletFrameOpened, walletFramePended, type WalletFrameRequest } from '@/lib/wallet-frame';
import { renderWithProviders, stubFetchRequests } from '@/testing/render';
import { WalletFrame } from './wallet-frame';

const SITE = window.location.origin;
const WALLET = 'http://127.0.0.1:8081';
const hashes = ['a', 'b', 'c'].map((letter) => letter.repeat(64));
const signed = { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', message: 'Sign in', signature: 'H+s=' };

function stubOrigins(wallet: string | null = WALLET) {
  return stubFetchRequests((request) =>
    request.url.pathname === '/api/origins'
      ? { body: { site: [SITE], wallet } }
      : { status: 404, body: { error: 'not found' } },
  );
}

/** The frame rendered, signed in with the Ninja wallet, the cart holding `hashes`, and opened for `request`. */
async function openFrame(request: WalletFrameRequest = { action: 'buy', tx: hashes }) {
  localStorage.setItem('cart', JSON.stringify(hashes));
  const rendered = renderWithProviders(<WalletFrame />, { logged: 'ninja' });
  act(() => {
    rendered.store.dispatch(walletFrameOpened(request));
  });
  const dialog = await screen.findByRole('dialog', { name: 'Ninja wallet' });
  const frame = within(dialog).getByTitle('Ninja wallet');
  if (!(frame instanceof HTMLIFrameElement) || !frame.contentWindow) throw new Error('no frame');
  return { ...rendered, dialog, frame, source: frame.contentWindow };
}

function post(data: unknown, origin: string, source: MessageEventSource | null) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the Ninja wallet's frame", () => {
  it('shows nothing while no request is open, and asks nothing', () => {
    const { fetchMock } = stubOrigins();
    renderWithProviders(<WalletFrame />, { logged: 'ninja' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("loads the wallet app with the request's query and a timestamp, once per opening", async () => {
    stubOrigins();
    vi.useFakeTimers({ toFake: ['Date'], now: 1_700_000_000_000 });
    const { frame, store } = await openFrame();
    const url = new URL(frame.src);
    expect(url.origin).toBe(WALLET);
    expect(url.searchParams.get('action')).toBe('buy');
    expect(url.searchParams.get('tx')).toBe(hashes.join(','));
    expect(url.searchParams.get('timestamp')).toBe('1700000000000');
    // The site's display currency, for the amounts the wallet shows beside BTC (USD without a choice).
    expect(url.searchParams.get('currency')).toBe('USD');
    expect(frame).toHaveAttribute('allow', 'clipboard-write');
    vi.setSystemTime(1_700_000_005_000);
    // A change of the frame's state renders it again: the same opening keeps its URL.
    act(() => {
      store.dispatch(walletFramePended({ action: 'mint' }));
    });
    expect(frame.src).toBe(url.href);
    expect(screen.getByTitle('Ninja wallet')).toBe(frame);
  });

  it("closes on 'close' and takes out of the cart the hashes of 'remove:{hashes}'", async () => {
    stubOrigins();
    const { store, source } = await openFrame();
    post(`remove:${hashes[0] ?? ''},${hashes[2] ?? ''}`, WALLET, source);
    expect(store.getState().cart.hashes).toEqual([hashes[1]]);
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toEqual([hashes[1]]);
    expect(screen.getByRole('dialog', { name: 'Ninja wallet' })).toBeInTheDocument();
    post('close', WALLET, source);
    expect(screen.queryByRole('dialog', { name: 'Ninja wallet' })).not.toBeInTheDocument();
    expect(store.getState().walletFrame.request).toBeNull();
  });

  it('ignores messages from another origin or another window', async () => {
    stubOrigins();
    const { store, source } = await openFrame();
    post('close', SITE, source);
    post('close', 'http://127.0.0.1:9999', source);
    post('close', WALLET, window);
    post('close', WALLET, null);
    post(`remove:${hashes[0] ?? ''}`, SITE, source);
    post(`remove:${hashes[0] ?? ''}`, WALLET, window);
    post('something else', WALLET, source);
    expect(screen.getByRole('dialog', { name: 'Ninja wallet' })).toBeInTheDocument();
    expect(store.getState().cart.hashes).toEqual(hashes);
  });

  it('hands a sign-in its signature and closes, and ignores one for another action', async () => {
    stubOrigins();
    const buying = await openFrame();
    post({ type: 'ninja:signed', ...signed }, WALLET, buying.source);
    expect(buying.store.getState().walletFrame).toMatchObject({ request: { action: 'buy' }, signed: null });
    buying.unmount();

    const { store, source } = await openFrame({ action: 'sign-in', purpose: 'connect' });
    post({ type: 'ninja:signed', ...signed }, 'http://127.0.0.1:9999', source);
    post({ type: 'ninja:signed', ...signed, signature: 1 }, WALLET, source);
    expect(store.getState().walletFrame.request).not.toBeNull();
    post({ type: 'ninja:signed', ...signed }, WALLET, source);
    expect(store.getState().walletFrame).toMatchObject({ request: null, signed });
    expect(screen.queryByRole('dialog', { name: 'Ninja wallet' })).not.toBeInTheDocument();
  });

  it('closes with its close button and with Escape', async () => {
    stubOrigins();
    const first = await openFrame();
    fireEvent.click(within(first.dialog).getByRole('button', { name: 'Close' }));
    expect(first.store.getState().walletFrame.request).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();

    const second = await openFrame();
    expect(second.dialog).toHaveFocus();
    fireEvent.keyDown(second.dialog, { key: 'Escape' });
    expect(second.store.getState().walletFrame.request).toBeNull();
    fireEvent.keyDown(document.body, { key: 'Escape' });
  });

  it('is dropped when no wallet app is served', async () => {
    stubOrigins(null);
    const { store } = renderWithProviders(<WalletFrame />, { logged: 'ninja' });
    act(() => {
      store.dispatch(walletFrameOpened({ action: 'mint-src20', cpid: 'PEPE' }));
    });
    await waitFor(() => {
      expect(store.getState().walletFrame.request).toBeNull();
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("hands a mint's file to the frame that says 'ready', at the wallet's origin only", async () => {
    stubOrigins();
    const { source } = await openFrame({ action: 'mint', file: 'iVBORw0KGgo=' });
    const sent = vi.spyOn(source, 'postMessage').mockImplementation(() => undefined);
    post('ready', 'https://evil.example', source);
    expect(sent).not.toHaveBeenCalled();
    post('ready', WALLET, source);
    expect(sent).toHaveBeenCalledWith({ type: 'ninja:mint', file: 'iVBORw0KGgo=' }, WALLET);
    expect(screen.getByRole('dialog', { name: 'Ninja wallet' })).toBeInTheDocument();
  });
});
