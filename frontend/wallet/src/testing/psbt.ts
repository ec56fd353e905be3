import { hex } from '@scure/base';
import { Script } from '@scure/btc-signer/script.js';
import { Transaction } from '@scure/btc-signer/transaction.js';
import { NETWORK } from '../config';
import { scriptOf } from '../send';

/** A coin spent by a test PSBT: the address it pays and its satoshis. */
export type Coin = { address: string; sats: bigint };
/** An output of a test PSBT: a payment, or an OP_RETURN with its data. */
export type Out = { address: string; sats: bigint } | { data: Uint8Array };

/** A PSBT (hex) as the API builds one: version 2, RBF, each input with its witness UTXO. */
export function testPsbt(inputs: Coin[], outputs: Out[]): string {
  const tx = new Transaction({ version: 2, allowUnknownOutputs: true });
  inputs.forEach((coin, index) => {
    tx.addInput({
      txid: 'aa'.repeat(32),
      index,
      sequence: 0xfffffffd,
      witnessUtxo: { script: hex.decode(scriptOf(coin.address) ?? ''), amount: coin.sats },
    });
  });
  for (const output of outputs) {
    if ('data' in output) tx.addOutput({ script: Script.encode(['RETURN', output.data]), amount: 0n });
    else tx.addOutputAddress(output.address, output.sats, NETWORK);
  }
  return hex.encode(tx.toPSBT());
}
