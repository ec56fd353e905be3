import { base64, hex } from '@scure/base';
import { Address, OutScript } from '@scure/btc-signer/payment.js';
import { SigHash, Transaction } from '@scure/btc-signer/transaction.js';
import { NETWORK } from './config';

/**
 * Sending from the wallet: the send built by the API (`POST /api/wallet/create/send`), read into what the review
 * shows; the check of that PSBT before any signature (only the wallet's own coins in, and exactly what was shown
 * out); the signature; the broadcast (`POST /api/wallet/broadcast`, the raw transaction); the fee oracle's rates.
 */

/** What to send: `BTC` or an asset's name; the quantity in satoshis or the asset's base units. */
export type SendRequest = { asset: string; destination: string; quantity: bigint; feeRate: number };

/** One output as the review shows it: its address (null: Counterparty's data, an OP_RETURN), its satoshis. */
export type ReviewOutput = { address: string | null; script: string; sats: bigint; own: boolean };

/** What a send does, read from its PSBT: every output, the network fee, and what leaves the wallet in all. */
export type Review = {
  /** The unsigned PSBT, hex, as built. */
  psbtHex: string;
  /** The inputs the wallet signs; the others are already signed by their owner (an atomic swap's seller). */
  toSign: number[];
  outputs: ReviewOutput[];
  /** Satoshis to the miners. */
  fee: bigint;
  /** The outputs paying others, plus the fee. */
  total: bigint;
};

/** The fee rates offered, sat/vB; `-1` asks for the fee oracle's optimal rate. */
export type FeeRates = { fastestFee: number; halfHourFee: number; hourFee: number; optimalFee: number };

/** The server refused, or could not be read; `message` is shown as is. */
export class SendError extends Error {
  constructor(
    message: string,
    /** The server's status, when it answered. */
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'SendError';
  }
}

/** The PSBT is not what the review showed, or spends coins that are not the wallet's: nothing is signed. */
export class RefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedError';
  }
}

export const SPENDS_MORE = 'This transaction spends more than shown: refused';
export const FOREIGN_INPUT = "This transaction spends coins that are not this wallet's: refused";
const NOT_ASKED = 'This transaction does not send what was asked: refused';
const UNREADABLE = 'This transaction cannot be read: refused';

/** Whether `value` is a JSON object (not null, not a list). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `POST path` with `body` as JSON (same origin, with the session cookie); a refusal is thrown as the server's text. */
export async function postJson(path: string, body: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new SendError('The server could not be reached: try again.');
  }
  let answer: unknown = null;
  try {
    answer = await response.json();
  } catch {
    // Shown below by its status.
  }
  if (!response.ok) {
    const error = isRecord(answer) && typeof answer.error === 'string' && answer.error ? answer.error : null;
    throw new SendError(error ?? `The server answered ${String(response.status)}.`, response.status);
  }
  return answer;
}

/** A mainnet address as typed: bech32 (bc1...) or base58 (1... or 3...). The server checks it fully. */
export const ADDRESS_PATTERN =
  /^(bc1[02-9ac-hj-np-z]{8,87}|BC1[02-9AC-HJ-NP-Z]{8,87}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/;

/** The output script of an address, hex; null when it is not a valid address of the network. */
export function scriptOf(address: string): string | null {
  try {
    return hex.encode(OutScript.encode(Address(NETWORK).decode(address)));
  } catch {
    return null;
  }
}

function readPsbt(psbtHex: string): Transaction {
  try {
    return Transaction.fromPSBT(hex.decode(psbtHex), { allowUnknownOutputs: true });
  } catch {
    throw new RefusedError(UNREADABLE);
  }
}

/** Each output of a PSBT: its address (null for an OP_RETURN), its script (hex) and its satoshis. */
function outputsOf(tx: Transaction, ownScript: string): ReviewOutput[] {
  const outputs: ReviewOutput[] = [];
  for (let index = 0; index < tx.outputsLength; index++) {
    const output = tx.getOutput(index);
    if (!output.script || output.amount === undefined) throw new RefusedError(UNREADABLE);
    const script = hex.encode(output.script);
    const data = output.script[0] === 0x6a;
    let address: string | null = null;
    if (!data) {
      address = tx.getOutputAddress(index, NETWORK) ?? null;
      if (address === null) throw new RefusedError(UNREADABLE);
    }
    outputs.push({ address, script, sats: output.amount, own: script === ownScript });
  }
  return outputs;
}

/**
 * What a PSBT takes from the wallet, after checking that it is the wallet's to sign: every input it signs (`toSign`,
 * every input when null) spends the wallet's own P2WPKH output (as its witness UTXO says), signs everything
 * (SIGHASH_ALL) and is not signed yet; every other input is someone else's, already signed, with its witness UTXO.
 * Returns its outputs, the fee (inputs less outputs) and what leaves the wallet (its inputs less the outputs paying
 * it back).
 */
function spending(
  tx: Transaction,
  ownScript: string,
  toSign: readonly number[] | null,
): { outputs: ReviewOutput[]; fee: bigint; leaving: bigint; foreign: bigint; toSign: number[] } {
  if (tx.inputsLength === 0 || tx.outputsLength === 0) throw new RefusedError(UNREADABLE);
  let inputs = 0n;
  let own = 0n;
  const signs: number[] = [];
  for (let index = 0; index < tx.inputsLength; index++) {
    const input = tx.getInput(index);
    const utxo = input.witnessUtxo;
    if (!utxo) throw new RefusedError(UNREADABLE);
    inputs += utxo.amount;
    if (toSign === null || toSign.includes(index)) {
      if (hex.encode(utxo.script) !== ownScript) throw new RefusedError(FOREIGN_INPUT);
      if (input.sighashType !== undefined && input.sighashType !== SigHash.ALL) throw new RefusedError(SPENDS_MORE);
      if (input.finalScriptWitness || input.finalScriptSig || input.partialSig) throw new RefusedError(UNREADABLE);
      own += utxo.amount;
      signs.push(index);
    } else {
      // Another's coin: never the wallet's own, and already signed by its owner.
      if (hex.encode(utxo.script) === ownScript) throw new RefusedError(UNREADABLE);
      if (!input.finalScriptWitness && !input.partialSig?.length) throw new RefusedError(FOREIGN_INPUT);
    }
  }
  if (signs.length === 0) throw new RefusedError(UNREADABLE);
  const outputs = outputsOf(tx, ownScript);
  const paid = outputs.reduce((sum, output) => sum + output.sats, 0n);
  const back = outputs.reduce((sum, output) => sum + (output.own ? output.sats : 0n), 0n);
  if (paid > inputs || back > own) throw new RefusedError(UNREADABLE);
  return { outputs, fee: inputs - paid, leaving: own - back, foreign: inputs - own, toSign: signs };
}

/**
 * The review of any built PSBT: what it pays others, its fee and what leaves the wallet, refused when its fee is not
 * the one stated or it spends coins that are not the wallet's (see spending). `toSign` as the server listed them.
 */
export function reviewPsbt(
  psbtHex: string,
  statedFee: bigint,
  ownAddress: string,
  toSign: readonly number[] | null = null,
): Review {
  const ownScript = scriptOf(ownAddress);
  if (ownScript === null) throw new RefusedError(UNREADABLE);
  const spent = spending(readPsbt(psbtHex), ownScript, toSign);
  if (spent.fee !== statedFee) throw new RefusedError(SPENDS_MORE);
  return { psbtHex, toSign: spent.toSign, outputs: spent.outputs, fee: spent.fee, total: spent.leaving };
}

/**
 * The review of a built send, from its PSBT and the fee the server states: refused when the PSBT spends coins that
 * are not the wallet's, when its fee is not the one stated, or when it does not send what was asked (for bitcoin, an
 * output paying the destination exactly; for an asset, no satoshis to anyone: the destination is in the data).
 */
export function reviewOf(psbtHex: string, statedFee: bigint, ownAddress: string, request: SendRequest): Review {
  const review = reviewPsbt(psbtHex, statedFee, ownAddress);
  const outputs = review.outputs;
  const others = outputs.filter((output) => !output.own);
  if (request.asset === 'BTC') {
    const to = scriptOf(request.destination);
    if (!outputs.some((output) => output.script === to && output.sats === request.quantity)) {
      throw new RefusedError(NOT_ASKED);
    }
  } else if (others.some((output) => output.address !== null || output.sats !== 0n)) {
    throw new RefusedError(NOT_ASKED);
  }
  return review;
}

/**
 * Checks a PSBT against its review before signing: its inputs are all the wallet's own P2WPKH coins, and what leaves
 * the wallet (its inputs less the outputs paying the wallet) is exactly what was shown (the outputs to others, to the
 * satoshi and the script, plus the fee). Throws RefusedError otherwise.
 */
export function checkPsbt(psbtHex: string, ownAddress: string, review: Review): Transaction {
  const ownScript = scriptOf(ownAddress);
  if (ownScript === null) throw new RefusedError(UNREADABLE);
  const tx = readPsbt(psbtHex);
  const { outputs, fee, leaving, foreign } = spending(tx, ownScript, review.toSign);
  const shown = review.outputs.filter((output) => !output.own);
  const others = outputs.filter((output) => !output.own);
  // Others' coins (a seller's) pay part of what the outputs to others take.
  const shownTotal = shown.reduce((sum, output) => sum + output.sats, 0n) + review.fee - foreign;
  const same =
    others.length === shown.length &&
    others.every((output, index) => output.script === shown[index]?.script && output.sats === shown[index].sats);
  if (!same || fee !== review.fee || leaving !== shownTotal || leaving !== review.total) {
    throw new RefusedError(SPENDS_MORE);
  }
  return tx;
}

/**
 * Checks the reviewed PSBT (see checkPsbt), signs each of the wallet's inputs with its key (SIGHASH_ALL), finalizes
 * it and returns the raw transaction, hex.
 */
export function signReviewed(review: Review, ownAddress: string, privateKey: Uint8Array): string {
  const tx = checkPsbt(review.psbtHex, ownAddress, review);
  for (const index of review.toSign) {
    if (!tx.signIdx(privateKey, index, [SigHash.ALL])) throw new RefusedError(UNREADABLE);
  }
  tx.finalize();
  return hex.encode(tx.extract());
}

const NOT_THIS = 'This is not the transaction shown here, signed: refused';

/**
 * A transaction signed elsewhere (a hardware wallet, Sparrow, Electrum) for a reviewed PSBT, taken back as a signed
 * PSBT (base64 or hex) or a raw transaction (hex): accepted only when it is the reviewed transaction itself (the same
 * inputs and outputs, so the same txid) and fully signed. Returns the raw transaction, hex.
 */
export function acceptSigned(text: string, review: Review): string {
  const reviewed = readPsbt(review.psbtHex);
  const typed = text.trim().replace(/\s+/g, '');
  if (!typed) throw new RefusedError('Paste the signed PSBT or the signed transaction.');
  let signed: Transaction;
  let raw: Uint8Array | null = null;
  try {
    const bytes = /^[0-9a-fA-F]+$/.test(typed) && typed.length % 2 === 0 ? hex.decode(typed) : base64.decode(typed);
    const magic = [0x70, 0x73, 0x62, 0x74, 0xff];
    if (magic.every((byte, index) => bytes[index] === byte)) {
      signed = Transaction.fromPSBT(bytes, { allowUnknownOutputs: true });
    } else {
      signed = Transaction.fromRaw(bytes, { allowUnknownOutputs: true });
      raw = bytes;
    }
  } catch {
    throw new RefusedError('This is neither a PSBT nor a transaction: refused');
  }
  if (signed.id !== reviewed.id) throw new RefusedError(NOT_THIS);
  const unsigned = new RefusedError('This transaction is not fully signed yet: sign every input, then paste it again.');
  if (raw) {
    for (let index = 0; index < signed.inputsLength; index++) {
      if (!signed.getInput(index).finalScriptWitness?.length) throw unsigned;
    }
    return hex.encode(raw);
  }
  try {
    if (!signed.isFinal) signed.finalize();
    return hex.encode(signed.extract());
  } catch {
    throw unsigned;
  }
}

/** The reviewed PSBT in base64, as wallets take it to sign. */
export function psbtBase64(review: Review): string {
  return base64.encode(hex.decode(review.psbtHex));
}

/** Builds a send (`POST /api/wallet/create/send`) and reviews it; the server's refusal is thrown as its text. */
export async function buildSend(source: string, request: SendRequest): Promise<Review> {
  const answer = await postJson('/api/wallet/create/send', {
    source,
    destination: request.destination,
    asset: request.asset,
    quantity: request.quantity.toString(),
    desiredFeeRate: request.feeRate,
  });
  const result = isRecord(answer) ? answer.result : null;
  if (!isRecord(result) || typeof result.txHex !== 'string' || !result.txHex) {
    throw new SendError('The server answered without a transaction.');
  }
  const fee = result.fee;
  if (typeof fee !== 'number' || !Number.isSafeInteger(fee) || fee < 0) {
    throw new SendError('The server answered without its fee.');
  }
  if (Array.isArray(result.psbts) && result.psbts.length > 1) {
    throw new SendError('The server built more than one transaction for a send.');
  }
  return reviewOf(result.txHex, BigInt(fee), source, request);
}

/**
 * Broadcasts a signed raw transaction (hex); returns its txid, or throws the node's reason. Only a signed-in user
 * broadcasts: without a session, `signIn` (when given) signs in and the broadcast is tried once more.
 */
export async function broadcast(rawHex: string, signIn?: () => Promise<void>): Promise<string> {
  const body = { txHex: rawHex, isPsbt: false };
  let answer: unknown;
  try {
    answer = await postJson('/api/wallet/broadcast', body);
  } catch (failure) {
    if (!(failure instanceof SendError) || failure.status !== 401 || !signIn) throw failure;
    await signIn();
    answer = await postJson('/api/wallet/broadcast', body);
  }
  const txids = isRecord(answer) ? answer.result : null;
  const txid = Array.isArray(txids) ? (txids[0] as unknown) : null;
  if (typeof txid !== 'string' || !/^[0-9a-f]{64}$/.test(txid)) {
    throw new SendError('The transaction was sent, but the server answered without its id.');
  }
  return txid;
}

/** The fee oracle's rates (`GET /api/fees`); null while it has none. */
export async function fetchFees(signal?: AbortSignal): Promise<FeeRates | null> {
  const response = await fetch('/api/fees', { headers: { accept: 'application/json' }, signal });
  if (!response.ok) return null;
  const body: unknown = await response.json();
  if (!isRecord(body)) return null;
  const rate = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null);
  const fastestFee = rate(body.fastestFee);
  const halfHourFee = rate(body.halfHourFee);
  const hourFee = rate(body.hourFee);
  if (fastestFee === null || halfHourFee === null || hourFee === null) return null;
  return { fastestFee, halfHourFee, hourFee, optimalFee: rate(body.optimalFee) ?? Math.min(fastestFee, hourFee + 0.5) };
}
