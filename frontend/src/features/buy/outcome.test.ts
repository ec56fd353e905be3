import { describe, expect, it } from 'vitest';
import { desiredFeeRate, feeRateOf, formatRate } from './fees';
import { broadcastOutcome, createOutcome, failureLine } from './outcome';

const build = {
  txHex: '70736274ff',
  inputsToSign: [{ index: 0, address: 'bc1qbuyer' }],
  fee: 1904,
  vsize: 224,
  walletFee: 2222,
  royalties: 0,
  hashes: ['a'],
};

const fees = {
  fastestFee: 12,
  halfHourFee: 10,
  hourFee: 8,
  economyFee: 4,
  minimumFee: 1,
  optimalFee: 8.5,
  buyFee: 12,
  time: 1,
};

const single = { ...build, transactions: [{ txHex: build.txHex, inputsToSign: build.inputsToSign, hashes: ['a'] }] };

describe('the create answer', () => {
  it('is a PSBT to sign, with the listings left out', () => {
    expect(createOutcome({ data: { result: build, errors: [] } })).toEqual({
      kind: 'built',
      build: single,
      failures: [],
    });
    expect(
      createOutcome({ data: { result: build, errors: [{ tx_hash: 'b', error: 'Dispenser is empty' }, 'junk'] } }),
    ).toEqual({ kind: 'built', build: single, failures: [{ tx_hash: 'b', error: 'Dispenser is empty' }] });
  });

  it('lists every transaction of a cart the server built as several, in order', () => {
    const psbts = [
      { txHex: '70736274ff01', inputsToSign: [{ index: 0, address: 'bc1qbuyer' }], hashes: ['a', 'b'] },
      { txHex: '70736274ff02', inputsToSign: [{ index: 0, address: 'bc1qbuyer' }], hashes: ['c'] },
    ];
    const outcome = createOutcome({ data: { result: { ...build, hashes: ['a', 'b', 'c'], psbts }, errors: [] } });
    expect(outcome.kind === 'built' && outcome.build.transactions).toEqual(psbts);
  });

  it("is refused when every listing failed (400 with errors), else the server's error or the generic text", () => {
    const failures = [{ tx_hash: 'a', error: 'Dispenser is closed' }];
    expect(createOutcome({ error: { status: 400, data: { error: 'nothing to buy', errors: failures } } })).toEqual({
      kind: 'refused',
      failures,
    });
    expect(createOutcome({ error: { status: 400, data: { error: 'Insufficient funds' } } })).toEqual({
      kind: 'failed',
      message: 'Insufficient funds',
    });
    expect(createOutcome({ error: { status: 500, data: 'oops' } })).toEqual({
      kind: 'failed',
      message: 'An error occurred',
    });
    expect(createOutcome({ data: { result: {} } })).toEqual({ kind: 'failed', message: 'An error occurred' });
    expect(createOutcome({ data: { error: 'No UTXOs' } })).toEqual({ kind: 'failed', message: 'No UTXOs' });
  });

  it("is 'API Error' without an answer, and a sign-out on 401", () => {
    expect(createOutcome({ error: { status: 'FETCH_ERROR', error: 'TypeError' } })).toEqual({
      kind: 'failed',
      message: 'API Error',
    });
    expect(createOutcome({ error: { status: 401, data: { error: 'signed out' } } })).toEqual({ kind: 'signedOut' });
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

describe('fee options and failure lines', () => {
  it('rate Ninja Optimized at the optimal rate and ask the server for -1', () => {
    expect(feeRateOf('optimal', fees)).toBe(8.5);
    expect(desiredFeeRate('optimal', fees)).toBe(-1);
    expect(desiredFeeRate('fastest', fees)).toBe(12);
    expect(desiredFeeRate('halfHour', fees)).toBe(10);
    expect(desiredFeeRate('hour', fees)).toBe(8);
    expect(formatRate(8.5)).toBe('8.5 sat/vB');
  });

  it("name a failure's listing when known", () => {
    const names = new Map([['a', 'A100']]);
    expect(failureLine({ tx_hash: 'a', error: 'Dispenser is closed' }, names)).toBe('A100: Dispenser is closed');
    expect(failureLine({ tx_hash: 'z', error: 'Dispenser not found' }, names)).toBe('z: Dispenser not found');
  });
});
