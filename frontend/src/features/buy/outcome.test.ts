import { describe, expect, it } from 'vitest';
import { createOutcome, failureLine } from './outcome';

const build = {
  txHex: '70736274ff',
  inputsToSign: [{ index: 0, address: 'bc1qbuyer' }],
  fee: 1904,
  vsize: 224,
  walletFee: 2222,
  royalties: 0,
  total: 24_126,
  hashes: ['a'],
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

describe('failure lines', () => {
  it("name a failure's listing when known", () => {
    const names = new Map([['a', 'A100']]);
    expect(failureLine({ tx_hash: 'a', error: 'Dispenser is closed' }, names)).toBe('A100: Dispenser is closed');
    expect(failureLine({ tx_hash: 'z', error: 'Dispenser not found' }, names)).toBe('z: Dispenser not found');
  });
});
