import { describe, expect, it, vi } from 'vitest';
import { SigningError } from './psbt-wallets';
import { broadcastOutcome, readCreateAnswer, signAndSend, type BroadcastBody, type CallResult } from './transaction';

const build = {
  txHex: '70736274ff',
  inputsToSign: [{ index: 0, address: 'bc1qminter' }],
  fee: 1904,
  vsize: 224,
  walletFee: 2222,
  royalties: 500,
  total: 26_626,
  feeRate: 8.5,
  hashes: [],
};

describe('a create answer', () => {
  it('is the PSBTs to sign, the first alone when no list is given, the listed ones in order otherwise', () => {
    const single = readCreateAnswer({ data: { result: build } });
    expect(single.kind === 'built' && single.build).toEqual({
      txHex: build.txHex,
      inputsToSign: build.inputsToSign,
      fee: 1904,
      vsize: 224,
      walletFee: 2222,
      royalties: 500,
      total: 26_626,
      hashes: [],
      transactions: [{ txHex: build.txHex, inputsToSign: build.inputsToSign, hashes: [] }],
    });
    const psbts = [
      { txHex: '70736274ff01', inputsToSign: [{ index: 0, address: 'bc1qminter' }], hashes: [] },
      { txHex: '70736274ff02', inputsToSign: [{ index: 1, address: 'bc1qminter' }], hashes: [] },
    ];
    const several = readCreateAnswer({ data: { result: { ...build, psbts } } });
    expect(several.kind === 'built' && several.build.transactions).toEqual(psbts);
  });

  it("is the server's error, 'An error occurred' without one, 'API Error' without an answer", () => {
    expect(readCreateAnswer({ error: { status: 400, data: { error: 'Insufficient funds' } } })).toMatchObject({
      kind: 'failed',
      message: 'Insufficient funds',
    });
    expect(readCreateAnswer({ error: { status: 403, data: { error: 'Not your address' } } })).toMatchObject({
      kind: 'failed',
      message: 'Not your address',
    });
    expect(readCreateAnswer({ error: { status: 500, data: 'oops' } })).toMatchObject({
      kind: 'failed',
      message: 'An error occurred',
    });
    expect(readCreateAnswer({ data: { result: {} } })).toMatchObject({ kind: 'failed', message: 'An error occurred' });
    expect(readCreateAnswer({ data: { error: 'No UTXOs' } })).toMatchObject({ kind: 'failed', message: 'No UTXOs' });
    expect(readCreateAnswer({ error: { status: 'FETCH_ERROR', error: 'TypeError' } })).toMatchObject({
      kind: 'failed',
      message: 'API Error',
    });
  });

  it('is a sign-out on 401', () => {
    expect(readCreateAnswer({ error: { status: 401, data: { error: 'signed out' } } })).toEqual({ kind: 'signedOut' });
  });
});

describe('the broadcast answer', () => {
  it('lists the txids sent', () => {
    expect(broadcastOutcome({ data: { result: ['t1'] } })).toEqual({ kind: 'sent', txids: ['t1'] });
  });

  it("is 'Error broadcasting transaction' when empty or with a false entry", () => {
    for (const result of [[], [false], ['t1', ''], null, 'x']) {
      expect(broadcastOutcome({ data: { result } })).toEqual({
        kind: 'failed',
        message: 'Error broadcasting transaction',
      });
    }
  });

  it("shows the node's reason as is, and 'API Error' without an answer", () => {
    const reason = 'bad-txns-inputs-missingorspent';
    expect(broadcastOutcome({ error: { status: 400, data: { error: reason } } })).toEqual({
      kind: 'failed',
      message: reason,
    });
    expect(broadcastOutcome({ error: { status: 'FETCH_ERROR', error: 'x' } })).toEqual({
      kind: 'failed',
      message: 'API Error',
    });
  });
});

describe('signing and sending a build', () => {
  const transactions = [
    { txHex: 'aa01', inputsToSign: [{ index: 0, address: 'bc1qminter' }], hashes: [] },
    { txHex: 'aa02', inputsToSign: [{ index: 0, address: 'bc1qminter' }], hashes: [] },
  ];

  it('signs every transaction first, then broadcasts them in order', async () => {
    const events: string[] = [];
    const sign = vi.fn((hex: string) => {
      events.push(`sign ${hex}`);
      return Promise.resolve(`${hex}ff`);
    });
    const broadcast = vi.fn((body: BroadcastBody): Promise<CallResult> => {
      events.push(`send ${body.txHex}`);
      return Promise.resolve({ data: { result: [`txid-${body.txHex}`] } });
    });
    expect(await signAndSend(transactions, sign, broadcast, 'fairmint')).toEqual({
      txids: ['txid-aa01ff', 'txid-aa02ff'],
      sent: 2,
      error: null,
    });
    expect(events).toEqual(['sign aa01', 'sign aa02', 'send aa01ff', 'send aa02ff']);
    expect(broadcast).toHaveBeenCalledWith({ txHex: 'aa01ff', info: 'fairmint', isPsbt: true });
  });

  it('sends nothing when a signature fails', async () => {
    const broadcast = vi.fn(() => Promise.resolve({ data: { result: ['t'] } }));
    const sign = vi.fn((hex: string) =>
      hex === 'aa02' ? Promise.reject(new SigningError('Error signing message')) : Promise.resolve(hex),
    );
    expect(await signAndSend(transactions, sign, broadcast, 'mint')).toEqual({
      txids: [],
      sent: 0,
      error: 'Error signing message',
    });
    expect(broadcast).not.toHaveBeenCalled();
  });

  it('stops at a failed broadcast, keeping what was sent', async () => {
    const broadcast = vi
      .fn<(body: BroadcastBody) => Promise<CallResult>>()
      .mockResolvedValueOnce({ data: { result: ['t1'] } })
      .mockResolvedValueOnce({ error: { status: 400, data: { error: 'txn-mempool-conflict' } } });
    expect(await signAndSend(transactions, (hex) => Promise.resolve(hex), broadcast, 'mint')).toEqual({
      txids: ['t1'],
      sent: 1,
      error: 'txn-mempool-conflict',
    });
  });
});
