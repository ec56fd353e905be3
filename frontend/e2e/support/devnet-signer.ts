import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base64, bech32, createBase58check, hex } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import bip322 from 'bip322-js';

/**
 * The devnet's actors, with their keys derived exactly as the devnet derives them (services/devnet/src/keys.rs): the
 * secret is sha256("stamps-devnet/{seed}/actor/{index}/{counter}") for the first counter giving a valid secp256k1
 * key; the address is the compressed key's mainnet P2WPKH. The browser tests sign with them as a wallet would:
 * messages (legacy and BIP-322) and PSBTs.
 */

/** The devnet's default seed (services/devnet/src/config.rs); E2E_DEVNET_SEED when the stack runs another. */
export const DEVNET_SEED = Number(process.env.E2E_DEVNET_SEED ?? '1');

/** Actor indexes of the demo scenario (services/devnet/src/scenario/demo.rs). */
export const ARTISTS = { first: 1, end: 9 } as const;
export const COLLECTORS = { first: 9, end: 19 } as const;

export type Actor = {
  index: number;
  secret: Uint8Array;
  /** bc1q..., the key's mainnet P2WPKH address. */
  address: string;
};

const encoder = new TextEncoder();

/** Actor `index` of the devnet seeded with `seed`. */
export function devnetActor(index: number, seed: number = DEVNET_SEED): Actor {
  for (let counter = 0; ; counter++) {
    const secret = sha256(encoder.encode(`stamps-devnet/${String(seed)}/actor/${String(index)}/${String(counter)}`));
    if (!secp256k1.utils.isValidSecretKey(secret)) continue;
    const publicKey = secp256k1.getPublicKey(secret, true);
    const program = ripemd160(sha256(publicKey));
    return { index, secret, address: bech32.encode('bc', [0, ...bech32.toWords(program)]) };
  }
}

/** Bitcoin's CompactSize encoding of a length. */
function compactSize(length: number): Uint8Array {
  if (length < 0xfd) return Uint8Array.of(length);
  if (length <= 0xffff) return Uint8Array.of(0xfd, length & 0xff, length >> 8);
  return Uint8Array.of(0xfe, length & 0xff, (length >> 8) & 0xff, (length >> 16) & 0xff, length >>> 24);
}

/** sha256d of "\x18Bitcoin Signed Message:\n" || compactSize(len) || message: what a legacy signature signs. */
export function signedMessageHash(message: string): Uint8Array {
  const prefix = encoder.encode('\x18Bitcoin Signed Message:\n');
  const body = encoder.encode(message);
  const length = compactSize(body.length);
  const data = new Uint8Array(prefix.length + length.length + body.length);
  data.set(prefix, 0);
  data.set(length, prefix.length);
  data.set(body, prefix.length + length.length);
  return sha256(sha256(data));
}

/**
 * A legacy "Bitcoin Signed Message" signature, as Electrum and similar wallets paste it for a bc1q address: 65 bytes,
 * header 31 + recovery id (compressed key), then r and s, in base64.
 */
export function signLegacy(actor: Actor, message: string): string {
  const recovered = secp256k1.sign(signedMessageHash(message), actor.secret, { prehash: false, format: 'recovered' });
  // noble's recovered format: recovery id, then r and s.
  const compact = new Uint8Array(65);
  compact[0] = 31 + (recovered[0] ?? 0);
  compact.set(recovered.subarray(1), 1);
  return base64.encode(compact);
}

/** The actor's key as WIF (mainnet, compressed), as bip322-js takes it. */
function wif(actor: Actor): string {
  const payload = new Uint8Array(34);
  payload[0] = 0x80;
  payload.set(actor.secret, 1);
  payload[33] = 0x01;
  return createBase58check(sha256).encode(payload);
}

/** A BIP-322 simple signature (base64 witness), as Unisat and OKX make with 'bip322-simple'. */
export function signBip322(actor: Actor, message: string): string {
  const signature: unknown = bip322.Signer.sign(wif(actor), actor.address, message);
  return typeof signature === 'string' ? signature : String(signature);
}

/** Whether a signature proves `actor` signed `message` (bip322-js reads both formats). */
export function verifies(actor: Actor, message: string, signature: string): boolean {
  return bip322.Verifier.verifySignature(actor.address, message, signature);
}

/** The actor's compressed public key, hex (what Unisat's `getPublicKey` answers). */
export function publicKeyHex(actor: Actor): string {
  return hex.encode(secp256k1.getPublicKey(actor.secret, true));
}

/** The actor's P2WPKH output script: OP_0 and the key's hash160. */
function p2wpkhScript(actor: Actor): Uint8Array {
  return Uint8Array.of(0x00, 0x14, ...ripemd160(sha256(secp256k1.getPublicKey(actor.secret, true))));
}

function sameBytes(a: Uint8Array | undefined, b: Uint8Array): boolean {
  return a !== undefined && a.length === b.length && a.every((byte, index) => byte === b[index]);
}

/** An input a wallet is asked to sign, as Unisat's `signPsbt` takes it. */
export type ToSignInput = { index: number; address?: string; publicKey?: string };

/** The options of Unisat's `signPsbt`. */
export type SignPsbtOptions = { autoFinalized?: boolean; toSignInputs?: ToSignInput[] };

/**
 * Signs a PSBT (hex) with the actor's key as Unisat's `signPsbt` does (SIGHASH_ALL, BIP-143 for P2WPKH): the inputs
 * `toSignInputs` names, each of which must be the actor's (by address or public key), else every input spending the
 * actor's P2WPKH output; finalized unless `autoFinalized` is false. Returns the PSBT's hex. A real signature: the
 * devnet checks it as Bitcoin Core would.
 */
export function signPsbt(actor: Actor, psbtHex: string, options: SignPsbtOptions = {}): string {
  const tx = Transaction.fromPSBT(hex.decode(psbtHex), { allowUnknownOutputs: true });
  const script = p2wpkhScript(actor);
  const key = publicKeyHex(actor);
  let indexes: number[];
  if (options.toSignInputs && options.toSignInputs.length > 0) {
    indexes = options.toSignInputs.map((input) => {
      if ((input.address && input.address !== actor.address) || (input.publicKey && input.publicKey !== key)) {
        throw new Error(`input ${String(input.index)} is not for ${actor.address}`);
      }
      return input.index;
    });
  } else {
    indexes = [];
    for (let index = 0; index < tx.inputsLength; index++) {
      if (sameBytes(tx.getInput(index).witnessUtxo?.script, script)) indexes.push(index);
    }
  }
  if (indexes.length === 0) throw new Error(`no input of the PSBT is ${actor.address}'s`);
  for (const index of indexes) {
    if (!tx.signIdx(actor.secret, index)) throw new Error(`input ${String(index)} was not signed`);
  }
  if (options.autoFinalized !== false) {
    for (const index of indexes) tx.finalizeIdx(index);
  }
  return hex.encode(tx.toPSBT());
}
