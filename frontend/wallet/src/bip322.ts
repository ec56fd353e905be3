import { base64 } from '@scure/base';
import { RawWitness, Script } from '@scure/btc-signer/script.js';
import { SigHash, Transaction } from '@scure/btc-signer/transaction.js';
import { tagSchnorr } from '@scure/btc-signer/utils.js';
import { scriptOf } from './send';

/**
 * BIP-322 "simple" signatures of P2WPKH addresses, as the site's sign-in checks them: the message's tagged hash
 * committed in a virtual `to_spend` transaction paying the address, and the witness of the `to_sign` transaction
 * spending it, consensus-encoded and in base64.
 */

const TAG = 'BIP0322-signed-message';
const ZERO_TXID = new Uint8Array(32);

/** The message's hash: SHA256(SHA256(tag) ‖ SHA256(tag) ‖ message), the message as UTF-8 without a length prefix. */
export function messageHash(message: string): Uint8Array {
  return tagSchnorr(TAG, new TextEncoder().encode(message));
}

/** The virtual transaction committing to the message: its one output (0 sat) pays `script`. */
function toSpend(message: string, script: Uint8Array): Transaction {
  const tx = new Transaction({ version: 0, allowUnknownInputs: true, disableScriptCheck: true });
  // The output first: an input with a final script locks the outputs.
  tx.addOutput({ script, amount: 0n });
  tx.addInput({
    txid: ZERO_TXID,
    index: 0xffffffff,
    sequence: 0,
    finalScriptSig: Script.encode(['OP_0', messageHash(message)]),
  });
  return tx;
}

/** The virtual transaction to sign: it spends `to_spend`'s output into one OP_RETURN. */
function toSign(spend: Transaction, script: Uint8Array): Transaction {
  const tx = new Transaction({ version: 0, allowUnknownOutputs: true });
  tx.addInput({ txid: spend.id, index: 0, sequence: 0, witnessUtxo: { script, amount: 0n } });
  tx.addOutput({ script: Script.encode(['RETURN']), amount: 0n });
  return tx;
}

/** The ids of the two virtual transactions for `message` and `address` (for tests against the published vectors). */
export function virtualTxids(message: string, address: string): { toSpend: string; toSign: string } {
  const script = addressScript(address);
  const spend = toSpend(message, script);
  return { toSpend: spend.id, toSign: toSign(spend, script).id };
}

function addressScript(address: string): Uint8Array {
  const script = scriptOf(address);
  if (script === null) throw new Error('Not an address of this network.');
  const bytes = Uint8Array.from(script.match(/../g) ?? [], (pair) => parseInt(pair, 16));
  // P2WPKH: OP_0 PUSH20.
  if (bytes.length !== 22 || bytes[0] !== 0 || bytes[1] !== 20) throw new Error('Only P2WPKH addresses sign here.');
  return bytes;
}

/** The BIP-322 simple signature (base64) of `message` by the key of P2WPKH `address`. */
export function signBip322(message: string, address: string, privateKey: Uint8Array): string {
  const script = addressScript(address);
  const tx = toSign(toSpend(message, script), script);
  if (!tx.signIdx(privateKey, 0, [SigHash.ALL])) throw new Error('The key does not sign for this address.');
  tx.finalizeIdx(0);
  const witness = tx.getInput(0).finalScriptWitness;
  if (!witness) throw new Error('The signature could not be made.');
  return base64.encode(RawWitness.encode(witness));
}
