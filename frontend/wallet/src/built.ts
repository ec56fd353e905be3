import { isRecord, postJson, reviewPsbt, SendError, type Review } from './send';

/**
 * The transactions the wallet service builds for the panel's actions (a purchase, a mint): every create call answers
 * the same shape, `result.psbts` in the order they are signed and sent (a later one may spend an earlier one's
 * change), each reviewed against the wallet's address before anything is shown or signed.
 */

/** One transaction to sign: its review, and what the service says it pays besides the network fee. */
export type BuiltTx = { review: Review; hashes: string[]; walletFee: bigint; royalties: bigint };

/** What a create call built, and the items it left out with why. */
export type Built = { txs: BuiltTx[]; errors: { hash: string; error: string }[] };

function sats(value: unknown, what: string): bigint {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new SendError(`The server answered without ${what}.`);
  }
  return BigInt(value);
}

/** Reads a create call's answer into reviewed transactions for `ownAddress` (every PSBT checked, see reviewPsbt). */
export function readBuilt(answer: unknown, ownAddress: string): Built {
  const result = isRecord(answer) ? answer.result : null;
  const psbts = isRecord(result) ? result.psbts : null;
  if (!Array.isArray(psbts) || psbts.length === 0) throw new SendError('The server answered without a transaction.');
  const txs = psbts.map((entry: unknown): BuiltTx => {
    if (!isRecord(entry) || typeof entry.txHex !== 'string' || !entry.txHex) {
      throw new SendError('The server answered without a transaction.');
    }
    const inputs = Array.isArray(entry.inputsToSign) ? entry.inputsToSign : [];
    const toSign = inputs.flatMap((input: unknown) =>
      isRecord(input) && typeof input.index === 'number' && Number.isSafeInteger(input.index) ? [input.index] : [],
    );
    const review = reviewPsbt(entry.txHex, sats(entry.fee, 'its fee'), ownAddress, toSign.length ? toSign : null);
    const hashes = Array.isArray(entry.hashes)
      ? entry.hashes.filter((hash): hash is string => typeof hash === 'string')
      : [];
    return {
      review,
      hashes,
      walletFee: sats(entry.walletFee ?? 0, 'its fees'),
      royalties: sats(entry.royalties ?? 0, 'its royalties'),
    };
  });
  const errors = (isRecord(answer) && Array.isArray(answer.errors) ? answer.errors : []).flatMap((entry: unknown) =>
    isRecord(entry) && typeof entry.tx_hash === 'string' && typeof entry.error === 'string'
      ? [{ hash: entry.tx_hash, error: entry.error }]
      : [],
  );
  return { txs, errors };
}

/** Builds through `path` and reviews what was built. */
export async function build(path: string, body: unknown, ownAddress: string): Promise<Built> {
  return readBuilt(await postJson(path, body), ownAddress);
}
