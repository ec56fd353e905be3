import { pubECDSA } from '@scure/btc-signer/utils.js';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { p2wpkhAddress } from '../keys';
import { signReviewed } from '../send';
import { testPsbt } from '../testing/psbt';
import { FiatContext } from './fiat-context';
import { Src20TransferForm } from './src20-transfer';

const KEY = new Uint8Array(32).fill(1);
const OWN = p2wpkhAddress(pubECDSA(KEY, true));
const TO = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const HOUSE = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l';
const TXID = 'cd'.repeat(32);

/** The transfer as the service builds it: the recipient's 546 sat, the house's fee, the change. */
const PSBT = testPsbt(
  [{ address: OWN, sats: 100_000n }],
  [
    { address: TO, sats: 546n },
    { address: HOUSE, sats: 14_452n },
    { address: OWN, sats: 84_502n },
  ],
);

function stubApi(psbt: string) {
  const posts: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const path = input instanceof Request ? input.url : input.toString();
      if (path === '/api/fees') return Promise.resolve(Response.json({ fastestFee: 3, halfHourFee: 2, hourFee: 1 }));
      posts.push({ path, body: JSON.parse(init?.body as string) });
      if (path === '/api/wallet/broadcast') return Promise.resolve(Response.json({ result: [TXID] }));
      return Promise.resolve(
        Response.json({ result: { psbts: [{ txHex: psbt, fee: 500, walletFee: 14_452, royalties: 0, hashes: [] }] } }),
      );
    }),
  );
  return posts;
}
afterEach(() => {
  vi.unstubAllGlobals();
});

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('Src20TransferForm', () => {
  it('builds the transfer, shows it, signs and sends it', async () => {
    const posts = stubApi(PSBT);
    const onSent = vi.fn();
    render(
      <FiatContext.Provider value={{ currency: 'USD', perBtc: 97_000n }}>
        <Src20TransferForm
          holdings={[{ tick: 'KEVIN', balance: '12.5' }]}
          signer={{ address: OWN, sign: (review) => signReviewed(review, OWN, KEY) }}
          onSent={onSent}
        />
      </FiatContext.Provider>,
    );
    fill('Amount', '0');
    fill('To', TO);
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter an amount above zero.');
    fill('Amount', '2.25');
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    await screen.findByRole('button', { name: 'Sign and send' });
    expect(posts[0]).toEqual({
      path: '/api/wallet/create/src20-issuance',
      body: {
        source: OWN,
        type: 'transfer',
        tick: 'KEVIN',
        amount: '2.25',
        destination: TO,
        isPsbt: true,
        desiredFeeRate: -1,
      },
    });
    expect(screen.getByTestId('grand-total')).toHaveTextContent('0.00015498 BTC');
    // In the site's currency too.
    expect(screen.getByTestId('grand-total').parentElement).toHaveTextContent('0.00015498 BTC ($15.03)');
    fireEvent.click(screen.getByRole('button', { name: 'Sign and send' }));
    expect(await screen.findByRole('link', { name: TXID })).toBeInTheDocument();
    expect(onSent).toHaveBeenCalled();
  });

  it('refuses a transfer that does not pay the recipient', async () => {
    stubApi(testPsbt([{ address: OWN, sats: 100_000n }], [{ address: HOUSE, sats: 99_500n }]));
    render(
      <Src20TransferForm
        holdings={[{ tick: 'KEVIN', balance: '12.5' }]}
        signer={{ address: OWN, sign: () => '' }}
        onSent={vi.fn()}
      />,
    );
    fill('Amount', '1');
    fill('To', TO);
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('does not pay the recipient');
    expect(screen.queryByRole('button', { name: 'Sign and send' })).toBeNull();
  });
});
