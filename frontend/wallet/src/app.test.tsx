import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './app';
import { IDLE_TIMEOUT_MS, VAULT_STORAGE_KEY } from './config';

const BIP84_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const BIP84_ADDRESS = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const PASSWORD = 'a long password';

/** The API, answering an empty address: no coins, no stamps, an unknown profile. */
function stubEmptyApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const path = input instanceof Request ? input.url : input.toString();
      if (path.startsWith('/api/wallet/balance/')) {
        return Promise.resolve(Response.json({ address: path.split('/').pop(), confirmed: 0, unconfirmed: 0 }));
      }
      if (path.startsWith('/api/stamps/')) {
        return Promise.resolve(Response.json({ hits: [], estimatedTotalHits: 0, offset: 0, limit: 100 }));
      }
      return Promise.resolve(Response.json({ error: 'not found' }, { status: 404 }));
    }),
  );
}

/** The real setTimeout, kept before a test fakes the timers. */
const realSetTimeout = globalThis.setTimeout;

/** Waits, on real timers (the page's may be faked), until `check` holds: WebCrypto's work ends outside them. */
async function until(check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await act(() => new Promise<void>((resolve) => realSetTimeout(resolve, 10)));
  }
}

afterEach(() => {
  vi.useRealTimers();
});

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function choosePassword(submit: string) {
  type('Password', PASSWORD);
  type('Repeat password', PASSWORD);
  fireEvent.click(screen.getByRole('button', { name: submit }));
}

describe('wallet app', () => {
  it('creates a wallet: its words, three typed back by position (a wrong one stays), then the password', async () => {
    stubEmptyApi();
    render(<App />);
    fireEvent.click(screen.getByRole('button', { name: 'Create a wallet' }));
    const words = within(screen.getByRole('list', { name: 'Recovery phrase' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(words).toHaveLength(12);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    fireEvent.click(screen.getByLabelText('I have written these words down'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    const fields = screen.getAllByLabelText(/^Word #\d+$/);
    expect(fields).toHaveLength(3);
    const positions = fields.map((field) => Number(/\d+/.exec(field.closest('label')?.textContent ?? '')?.[0]));
    positions.forEach((position, index) => {
      type(`Word #${String(position)}`, index === 0 ? 'zzz' : (words[position - 1] ?? ''));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Those words do not match your recovery phrase.');
    expect(screen.getByRole('heading', { name: 'Confirm your recovery phrase' })).toBeInTheDocument();

    type(`Word #${String(positions[0])}`, (words[(positions[0] ?? 1) - 1] ?? '').toUpperCase());
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    type('Password', 'short');
    type('Repeat password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Create wallet' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The password needs at least 8 characters.');
    type('Password', PASSWORD);
    type('Repeat password', `${PASSWORD}!`);
    fireEvent.click(screen.getByRole('button', { name: 'Create wallet' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The two passwords differ.');
    choosePassword('Create wallet');

    const address = await screen.findByTestId('address', {}, { timeout: 5000 });
    expect(address.textContent).toMatch(/^bc1q/);
    expect(screen.getByRole('img', { name: `QR code of bitcoin:${address.textContent}` })).toBeInTheDocument();
    const stored = localStorage.getItem(VAULT_STORAGE_KEY) ?? '';
    expect(stored).not.toContain(words.join(' '));
    expect(await screen.findByText('0.00000000 BTC')).toBeInTheDocument();
    expect(await screen.findByText('This address holds no stamps.')).toBeInTheDocument();
    expect(await screen.findByText('This address holds no SRC-20 tokens.')).toBeInTheDocument();
    expect(screen.queryByText(/Unconfirmed/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Send' })).toBeInTheDocument();
  });

  it('imports a phrase, locks, refuses a wrong password, unlocks, and locks again when idle', async () => {
    stubEmptyApi();
    render(<App />);
    fireEvent.click(screen.getByRole('button', { name: 'Import a wallet' }));
    type('Recovery phrase or WIF key', 'abandon '.repeat(12));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('These words fail the phrase checksum');
    type('Recovery phrase or WIF key', BIP84_MNEMONIC);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    choosePassword('Import wallet');
    expect(await screen.findByText(BIP84_ADDRESS, {}, { timeout: 5000 })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Lock' }));
    expect(screen.getByRole('heading', { name: 'Unlock your wallet' })).toBeInTheDocument();
    expect(screen.queryByText(BIP84_ADDRESS)).toBeNull();
    const stored = localStorage.getItem(VAULT_STORAGE_KEY);

    type('Password', 'not the password');
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Wrong password');
    expect(localStorage.getItem(VAULT_STORAGE_KEY)).toBe(stored);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    type('Password', PASSWORD);
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await until(() => screen.queryByText(BIP84_ADDRESS) !== null);
    act(() => {
      vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1000);
    });
    // Input restarts the wait.
    fireEvent.keyDown(window, { key: 'Shift' });
    act(() => {
      vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1000);
    });
    expect(screen.getByText(BIP84_ADDRESS)).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('heading', { name: 'Unlock your wallet' })).toBeInTheDocument();
    expect(screen.queryByText(BIP84_ADDRESS)).toBeNull();
  });

  it('forgets the wallet only once confirmed', async () => {
    stubEmptyApi();
    render(<App />);
    fireEvent.click(screen.getByRole('button', { name: 'Import a wallet' }));
    type('Recovery phrase or WIF key', 'L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    choosePassword('Import wallet');
    expect(
      await screen.findByText('bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l', {}, { timeout: 5000 }),
    ).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Forget this wallet' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(localStorage.getItem(VAULT_STORAGE_KEY)).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Forget this wallet' }));
    fireEvent.click(screen.getByRole('button', { name: 'Forget it' }));
    expect(localStorage.getItem(VAULT_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('button', { name: 'Create a wallet' })).toBeInTheDocument();
  });
});
