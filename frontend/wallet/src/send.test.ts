import { base64, hex } from '@scure/base';
import { SigHash, Transaction } from '@scure/btc-signer/transaction.js';
import { pubECDSA } from '@scure/btc-signer/utils.js';
import { describe, expect, it, vi } from 'vitest';
import { NETWORK } from './config';
import { p2wpkhAddress } from './keys';
import {
  acceptSigned,
  broadcast,
  buildSend,
  checkPsbt,
  FOREIGN_INPUT,
  psbtBase64,
  RefusedError,
  reviewOf,
  reviewPsbt,
  scriptOf,
  SendError,
  signReviewed,
  SPENDS_MORE,
  type SendRequest,
} from './send';
import { testPsbt as psbt } from './testing/psbt';

const KEY = new Uint8Array(32).fill(1);
const OWN = p2wpkhAddress(pubECDSA(KEY, true));
const OTHER_KEY = new Uint8Array(32).fill(2);
const OTHER = p2wpkhAddress(pubECDSA(OTHER_KEY, true));
const DESTINATION = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';

const BTC: SendRequest = { asset: 'BTC', destination: DESTINATION, quantity: 100_000n, feeRate: -1 };
/** 1,000,000 in; 100,000 out to the destination, 899,859 back, 141 to the miners. */
const BTC_PSBT = psbt(
  [{ address: OWN, sats: 1_000_000n }],
  [
    { address: DESTINATION, sats: 100_000n },
    { address: OWN, sats: 899_859n },
  ],
);

describe('reviewOf', () => {
  it('shows every output, the fee and what leaves the wallet', () => {
    const review = reviewOf(BTC_PSBT, 141n, OWN, BTC);
    expect(review.outputs.map(({ address, sats, own }) => ({ address, sats, own }))).toEqual([
      { address: DESTINATION, sats: 100_000n, own: false },
      { address: OWN, sats: 899_859n, own: true },
    ]);
    expect(review.fee).toBe(141n);
    expect(review.total).toBe(100_141n);
  });

  it('shows an asset send: Counterparty data and change, no satoshis to anyone', () => {
    const built = psbt(
      [{ address: OWN, sats: 50_000n }],
      [{ data: new Uint8Array(40).fill(7) }, { address: OWN, sats: 49_800n }],
    );
    const review = reviewOf(built, 200n, OWN, { ...BTC, asset: 'A95428956661682177', quantity: 1n });
    expect(review.outputs.map(({ address, sats }) => ({ address, sats }))).toEqual([
      { address: null, sats: 0n },
      { address: OWN, sats: 49_800n },
    ]);
    expect(review.total).toBe(200n);
  });

  it('refuses a fee other than stated, a send not asked for, and foreign coins', () => {
    expect(() => reviewOf(BTC_PSBT, 140n, OWN, BTC)).toThrow(SPENDS_MORE);
    expect(() => reviewOf(BTC_PSBT, 141n, OWN, { ...BTC, quantity: 99_999n })).toThrow(RefusedError);
    expect(() => reviewOf(BTC_PSBT, 141n, OWN, { ...BTC, destination: OTHER })).toThrow(RefusedError);
    expect(() => reviewOf(BTC_PSBT, 141n, OWN, { ...BTC, asset: 'XCP' })).toThrow(RefusedError);
    expect(() => reviewOf(BTC_PSBT, 141n, OTHER, BTC)).toThrow(FOREIGN_INPUT);
  });
});

describe('checkPsbt', () => {
  const review = reviewOf(BTC_PSBT, 141n, OWN, BTC);

  it('passes the PSBT reviewed', () => {
    expect(checkPsbt(BTC_PSBT, OWN, review).inputsLength).toBe(1);
  });

  it('refuses an extra output to another address', () => {
    const extra = psbt(
      [{ address: OWN, sats: 1_000_000n }],
      [
        { address: DESTINATION, sats: 100_000n },
        { address: OWN, sats: 849_859n },
        { address: OTHER, sats: 50_000n },
      ],
    );
    expect(() => checkPsbt(extra, OWN, review)).toThrow(SPENDS_MORE);
  });

  it('refuses a changed value, to the destination or as change', () => {
    const more = psbt(
      [{ address: OWN, sats: 1_000_000n }],
      [
        { address: DESTINATION, sats: 200_000n },
        { address: OWN, sats: 799_859n },
      ],
    );
    expect(() => checkPsbt(more, OWN, review)).toThrow(SPENDS_MORE);
    const lessChange = psbt(
      [{ address: OWN, sats: 1_000_000n }],
      [
        { address: DESTINATION, sats: 100_000n },
        { address: OWN, sats: 800_000n },
      ],
    );
    expect(() => checkPsbt(lessChange, OWN, review)).toThrow(SPENDS_MORE);
  });

  it('refuses the same payment to another address', () => {
    const redirected = psbt(
      [{ address: OWN, sats: 1_000_000n }],
      [
        { address: OTHER, sats: 100_000n },
        { address: OWN, sats: 899_859n },
      ],
    );
    expect(() => checkPsbt(redirected, OWN, review)).toThrow(SPENDS_MORE);
  });

  it('refuses a foreign input', () => {
    const foreign = psbt(
      [
        { address: OWN, sats: 1_000_000n },
        { address: OTHER, sats: 5_000n },
      ],
      [
        { address: DESTINATION, sats: 100_000n },
        { address: OWN, sats: 904_859n },
      ],
    );
    expect(() => checkPsbt(foreign, OWN, review)).toThrow(FOREIGN_INPUT);
  });

  it('refuses what is not a PSBT', () => {
    expect(() => checkPsbt('00ff', OWN, review)).toThrow(RefusedError);
  });
});

describe('signReviewed', () => {
  it('signs and finalizes the reviewed PSBT into a valid raw transaction', () => {
    const raw = signReviewed(reviewOf(BTC_PSBT, 141n, OWN, BTC), OWN, KEY);
    const tx = Transaction.fromRaw(hex.decode(raw));
    expect(tx.isFinal).toBe(true);
    expect(tx.outputsLength).toBe(2);
    expect(tx.getInput(0).finalScriptWitness).toHaveLength(2);
  });

  it('signs nothing when the PSBT is not the one reviewed', () => {
    const review = reviewOf(BTC_PSBT, 141n, OWN, BTC);
    const other = psbt(
      [{ address: OWN, sats: 1_000_000n }],
      [
        { address: OTHER, sats: 100_000n },
        { address: OWN, sats: 899_859n },
      ],
    );
    expect(() => signReviewed({ ...review, psbtHex: other }, OWN, KEY)).toThrow(SPENDS_MORE);
  });
});

function stubPost(status: number, body: unknown) {
  const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>(() =>
    Promise.resolve(Response.json(body, { status })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('buildSend and broadcast', () => {
  it('asks for the send with the quantity as an integer string, and reviews the answer', async () => {
    const fetchMock = stubPost(200, { result: { txHex: BTC_PSBT, fee: 141, psbts: [{}] }, assets: ['BTC'] });
    const review = await buildSend(OWN, BTC);
    expect(review.total).toBe(100_141n);
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/wallet/create/send');
    expect(JSON.parse(init?.body as string)).toEqual({
      source: OWN,
      destination: DESTINATION,
      asset: 'BTC',
      quantity: '100000',
      desiredFeeRate: -1,
    });
  });

  it("throws the server's refusal as given", async () => {
    stubPost(400, { error: 'You hold 0 of A95428956661682177' });
    await expect(buildSend(OWN, BTC)).rejects.toThrow(new SendError('You hold 0 of A95428956661682177', 400));
  });

  it('broadcasts the raw transaction and reads its txid', async () => {
    const fetchMock = stubPost(200, { result: ['ab'.repeat(32)] });
    expect(await broadcast('0200')).toBe('ab'.repeat(32));
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toEqual({ txHex: '0200', isPsbt: false });
    stubPost(400, { error: 'bad-txns-inputs-missingorspent' });
    await expect(broadcast('0200')).rejects.toThrow('bad-txns-inputs-missingorspent');
  });

  it('signs in once and tries again when the broadcast needs a session', async () => {
    const answers = [
      Response.json({ error: 'Not signed in' }, { status: 401 }),
      Response.json({ result: ['cd'.repeat(32)] }),
    ];
    const fetchMock = vi.fn(() => Promise.resolve(answers.shift() ?? Response.json({}, { status: 500 })));
    vi.stubGlobal('fetch', fetchMock);
    const signIn = vi.fn(() => Promise.resolve());
    expect(await broadcast('0200', signIn)).toBe('cd'.repeat(32));
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Without a way to sign in, the refusal is the server's.
    stubPost(401, { error: 'Not signed in' });
    await expect(broadcast('0200')).rejects.toThrow('Not signed in');
  });
});

describe('reviewPsbt with a seller’s signed input (an atomic swap)', () => {
  /** The seller's 546-sat coin (signed SINGLE|ANYONECANPAY over its 50,000-sat payout), the buyer's 100,000 in. */
  function swap(): string {
    const tx = new Transaction({ version: 2, allowUnknownOutputs: true });
    tx.addInput({
      txid: 'bb'.repeat(32),
      index: 0,
      witnessUtxo: { script: hex.decode(scriptOf(OTHER) ?? ''), amount: 546n },
      sighashType: SigHash.SINGLE_ANYONECANPAY,
    });
    tx.addOutputAddress(OTHER, 50_000n, NETWORK);
    tx.signIdx(OTHER_KEY, 0, [SigHash.SINGLE_ANYONECANPAY]);
    tx.addInput({
      txid: 'aa'.repeat(32),
      index: 1,
      witnessUtxo: { script: hex.decode(scriptOf(OWN) ?? ''), amount: 100_000n },
    });
    tx.addOutputAddress(OWN, 546n, NETWORK);
    tx.addOutputAddress(OWN, 49_000n, NETWORK);
    return hex.encode(tx.toPSBT());
  }

  it('signs only its own input, and counts only its own coins as leaving', () => {
    const review = reviewPsbt(swap(), 1000n, OWN, [1]);
    expect(review.toSign).toEqual([1]);
    expect(review.total).toBe(100_000n - 546n - 49_000n);
    const raw = Transaction.fromRaw(hex.decode(signReviewed(review, OWN, KEY)));
    expect(raw.inputsLength).toBe(2);
  });

  it('refuses the seller’s input as its own to sign', () => {
    expect(() => reviewPsbt(swap(), 1000n, OWN)).toThrow(FOREIGN_INPUT);
  });
});

describe('acceptSigned', () => {
  const review = reviewOf(BTC_PSBT, 141n, OWN, BTC);
  /** The reviewed PSBT signed by another wallet holding the key, not finalized. */
  function signedElsewhere(psbtHex: string): Transaction {
    const tx = Transaction.fromPSBT(hex.decode(psbtHex), { allowUnknownOutputs: true });
    tx.signIdx(KEY, 0);
    return tx;
  }

  it('takes the signed PSBT (base64 or hex) or the raw transaction, and gives the raw transaction', () => {
    const tx = signedElsewhere(BTC_PSBT);
    const fromBase64 = acceptSigned(base64.encode(tx.toPSBT()), review);
    expect(acceptSigned(hex.encode(tx.toPSBT()), review)).toBe(fromBase64);
    tx.finalize();
    expect(fromBase64).toBe(hex.encode(tx.extract()));
    expect(acceptSigned(`  ${fromBase64}\n`, review)).toBe(fromBase64);
  });

  it('refuses another transaction, an unsigned one and anything else', () => {
    const more = psbt(
      [{ address: OWN, sats: 1_000_000n }],
      [
        { address: DESTINATION, sats: 200_000n },
        { address: OWN, sats: 799_859n },
      ],
    );
    expect(() => acceptSigned(base64.encode(signedElsewhere(more).toPSBT()), review)).toThrow(/not the transaction/);
    expect(() => acceptSigned(psbtBase64(review), review)).toThrow(/not fully signed/);
    expect(() => acceptSigned('hello', review)).toThrow(/neither/);
    expect(() => acceptSigned('', review)).toThrow(/Paste/);
  });
});
