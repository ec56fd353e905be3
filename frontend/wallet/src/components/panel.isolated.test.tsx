import { base64 } from '@scure/base';
import { pubECDSA } from '@scure/btc-signer/utils.js';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signBip322 } from '../bip322';
import { p2wpkhAddress } from '../keys';
import { Panel, type PanelKey } from './panel';

const SITE = 'http://127.0.0.1:8080';
const framing = vi.hoisted(() => ({ origin: null as string | null }));
vi.mock('../panel/parent', async (original) => ({
  ...(await original<typeof import('../panel/parent')>()),
  framingOrigin: () => framing.origin,
}));

const KEY = new Uint8Array(32).fill(1);
const ADDRESS = p2wpkhAddress(pubECDSA(KEY, true));
const keyHolder: PanelKey = {
  address: ADDRESS,
  sign: () => {
    throw new Error('not in this test');
  },
  signMessage: (message) => signBip322(message, ADDRESS, KEY),
};
const CHALLENGE = `127.0.0.1:8080 wants you to sign in with your Bitcoin account:\n${ADDRESS}\n\nNonce: 00ff`;

function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const path = input instanceof Request ? input.url : input.toString();
      if (path === '/api/origins') return Promise.resolve(Response.json({ site: [SITE], wallet: null }));
      if (path === `/api/auth/message/${ADDRESS}`) return Promise.resolve(new Response(CHALLENGE));
      if (path === '/api/user') {
        return Promise.resolve(Response.json({ user_id: ADDRESS, addresses: [ADDRESS], currentAddress: ADDRESS }));
      }
      if (path === '/api/fees') return Promise.resolve(Response.json({ fastestFee: 3, halfHourFee: 2, hourFee: 1 }));
      return Promise.resolve(Response.json({ error: 'not found' }, { status: 404 }));
    }),
  );
}

let posted: [unknown, string][];
beforeEach(() => {
  posted = [];
  stubApi();
  // Not framed in a test: the parent is the window itself.
  vi.spyOn(window, 'postMessage').mockImplementation((message: unknown, origin?: unknown) => {
    posted.push([message, origin as string]);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  framing.origin = null;
});

describe('the wallet panel', () => {
  it('does nothing for a page that is not one of the sites', async () => {
    framing.origin = 'https://evil.example';
    render(<Panel request={{ action: 'sign-in', purpose: 'connect' }} keyHolder={keyHolder} keySlot={null} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('acts only for the sites it serves');
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(posted).toEqual([]);
  });

  it('names the site, and after approval posts the signed challenge to it only', async () => {
    framing.origin = SITE;
    render(<Panel request={{ action: 'sign-in', purpose: 'connect' }} keyHolder={keyHolder} keySlot={null} />);
    expect(await screen.findByTestId('asking-site')).toHaveTextContent(SITE);
    expect(posted).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText(/The site is signing you in/);
    expect(posted).toEqual([
      [
        { type: 'ninja:signed', address: ADDRESS, message: CHALLENGE, signature: signBip322(CHALLENGE, ADDRESS, KEY) },
        SITE,
      ],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(posted.at(-1)).toEqual(['close', SITE]);
  });

  it('takes the stamp to mint from the asking site only', async () => {
    framing.origin = SITE;
    render(<Panel request={{ action: 'mint' }} keyHolder={keyHolder} keySlot={null} />);
    await screen.findByText(/Waiting for the stamp/);
    // The panel says it is ready from an effect, which may run just after the text is shown.
    await waitFor(() => {
      expect(posted).toContainEqual(['ready', SITE]);
    });
    const file = base64.encode(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]));
    const send = (origin: string) => {
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', { data: { type: 'ninja:mint', file }, origin, source: window }),
        );
      });
    };
    send('https://evil.example');
    expect(screen.getByText(/Waiting for the stamp/)).toBeInTheDocument();
    send(SITE);
    expect(await screen.findByText(/A new stamp of 8 bytes \(image\/png\)/)).toBeInTheDocument();
  });
});
