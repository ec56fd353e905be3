import { pubECDSA } from '@scure/btc-signer/utils.js';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { p2wpkhAddress } from '../keys';
import { RefusedError, signReviewed, SPENDS_MORE, type Review } from '../send';
import { testPsbt } from '../testing/psbt';
import { SendForm } from './send-form';

const KEY = new Uint8Array(32).fill(1);
const OWN = p2wpkhAddress(pubECDSA(KEY, true));
const DESTINATION = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const CPID = 'A95428956661682177';
const TXID = 'cd'.repeat(32);
const FEES = { fastestFee: 12, halfHourFee: 10, hourFee: 8, optimalFee: 8.5, time: 1 };

type Answer = { status?: number; body: unknown };

/** Stubs the API: the fee record, then the answers to create/send and broadcast; returns the POST bodies. */
function stubApi(create: Answer, sent: Answer = { body: { result: [TXID] } }) {
  const posts: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const path = input instanceof Request ? input.url : input.toString();
      if (path === '/api/fees') return Promise.resolve(Response.json(FEES));
      posts.push({ path, body: JSON.parse(init?.body as string) });
      const answer = path === '/api/wallet/create/send' ? create : sent;
      return Promise.resolve(Response.json(answer.body, { status: answer.status ?? 200 }));
    }),
  );
  return posts;
}

const BTC_PSBT = testPsbt(
  [{ address: OWN, sats: 1_000_000n }],
  [
    { address: DESTINATION, sats: 100_000n },
    { address: OWN, sats: 899_859n },
  ],
);

function renderForm(sign: (review: Review) => string = (review) => signReviewed(review, OWN, KEY)) {
  const onSent = vi.fn();
  render(<SendForm address={OWN} stamps={[{ cpid: CPID, stamp: 7 }]} sign={sign} onSent={onSent} />);
  return onSent;
}

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('SendForm', () => {
  it('reviews a BTC send output by output, then signs, sends and shows the txid', async () => {
    const posts = stubApi({ body: { result: { txHex: BTC_PSBT, fee: 141, psbts: [{}] }, assets: [] } });
    const onSent = renderForm();
    await screen.findByRole('option', { name: 'Fastest (12 sat/vB)' });
    fill('To', DESTINATION);
    fill('Amount (BTC)', '0.001');
    fill('Fee', 'fastest');
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));

    const outputs = await screen.findByRole('list', { name: 'Outputs' });
    const items = within(outputs).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `${DESTINATION}0.00100000 BTC`,
      `${OWN} (your address: change)0.00899859 BTC`,
    ]);
    expect(screen.getByTestId('network-fee')).toHaveTextContent('0.00000141 BTC');
    expect(screen.getByTestId('total')).toHaveTextContent('0.00100141 BTC');
    expect(posts[0]).toEqual({
      path: '/api/wallet/create/send',
      body: { source: OWN, destination: DESTINATION, asset: 'BTC', quantity: '100000', desiredFeeRate: 12 },
    });

    const send = screen.getByRole('button', { name: 'Sign and send' });
    fireEvent.click(send);
    fireEvent.click(send);
    expect(await screen.findByTestId('txid')).toHaveTextContent(TXID);
    expect(posts.filter((post) => post.path === '/api/wallet/broadcast')).toHaveLength(1);
    expect(posts[1]?.body).toMatchObject({ isPsbt: false });
    expect(onSent).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Copy transaction id' })).toBeInTheDocument();
  });

  it("shows the server's refusal as given, and the form stays", async () => {
    const posts = stubApi({ status: 400, body: { error: `You hold 0 of ${CPID}` } });
    renderForm();
    fill('What to send', CPID);
    expect(screen.getByLabelText('Quantity (units)')).toHaveValue('1');
    fill('To', DESTINATION);
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`You hold 0 of ${CPID}`);
    expect(screen.getByRole('button', { name: 'Review' })).toBeEnabled();
    expect(posts[0]?.body).toEqual({
      source: OWN,
      destination: DESTINATION,
      asset: CPID,
      quantity: '1',
      desiredFeeRate: -1,
    });
  });

  it('refuses an amount with more than 8 decimals or a bad address before asking the server', async () => {
    const posts = stubApi({ body: {} });
    renderForm();
    fill('To', 'not an address');
    fill('Amount (BTC)', '0.001');
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a Bitcoin address');
    fill('To', DESTINATION);
    fill('Amount (BTC)', '0.000000001');
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent('at most 8 decimals');
    });
    expect(posts).toHaveLength(0);
  });

  it('sends another asset by name: XCP and divisible assets to 8 decimals, indivisible ones whole', async () => {
    const built = testPsbt(
      [{ address: OWN, sats: 50_000n }],
      [{ data: new Uint8Array(40).fill(7) }, { address: OWN, sats: 49_800n }],
    );
    const posts: { path: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const path = input instanceof Request ? input.url : input.toString();
        if (path === '/api/fees') return Promise.resolve(Response.json(FEES));
        if (path === '/api/asset/PEPECASH')
          return Promise.resolve(Response.json({ cpid: 'PEPECASH', divisible: false }));
        if (path.startsWith('/api/asset/'))
          return Promise.resolve(Response.json({ error: 'Asset not found' }, { status: 404 }));
        posts.push({ path, body: JSON.parse(init?.body as string) });
        return Promise.resolve(Response.json({ result: { txHex: built, fee: 200, psbts: [{}] }, assets: [] }));
      }),
    );
    renderForm();
    fill('What to send', 'other-asset');
    fill('To', DESTINATION);
    fill('Asset name', 'NOSUCHASSET');
    fill('Quantity', '1');
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no asset named NOSUCHASSET.');
    fill('Asset name', 'PEPECASH');
    fill('Quantity', '1.5');
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent('PEPECASH is indivisible: enter a whole number.');
    });
    fill('Asset name', 'xcp');
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    await screen.findByRole('button', { name: 'Sign and send' });
    expect(posts).toEqual([
      {
        path: '/api/wallet/create/send',
        body: { source: OWN, destination: DESTINATION, asset: 'XCP', quantity: '150000000', desiredFeeRate: -1 },
      },
    ]);
  });

  it('shows an asset send as Counterparty data, and a refused signature sends nothing', async () => {
    const built = testPsbt(
      [{ address: OWN, sats: 50_000n }],
      [{ data: new Uint8Array(40).fill(7) }, { address: OWN, sats: 49_800n }],
    );
    const posts = stubApi({ body: { result: { txHex: built, fee: 200 }, assets: [] } });
    renderForm(() => {
      throw new RefusedError(SPENDS_MORE);
    });
    fill('What to send', CPID);
    fill('To', DESTINATION);
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    const outputs = await screen.findByRole('list', { name: 'Outputs' });
    expect(within(outputs).getAllByRole('listitem')[0]).toHaveTextContent('Counterparty data0.00000000 BTC');
    expect(screen.getByTestId('total')).toHaveTextContent('0.00000200 BTC');
    fireEvent.click(screen.getByRole('button', { name: 'Sign and send' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SPENDS_MORE);
    expect(posts.map((post) => post.path)).toEqual(['/api/wallet/create/send']);
  });
});
