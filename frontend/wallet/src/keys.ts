import { sha256 } from '@noble/hashes/sha2.js';
import { HDKey } from '@scure/bip32';
import { generateMnemonic, mnemonicToSeedWebcrypto, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { createBase58check } from '@scure/base';
import { p2wpkh, WIF } from '@scure/btc-signer/payment.js';
import { pubECDSA } from '@scure/btc-signer/utils.js';
import { NETWORK, RECEIVE_PATH } from './config';

/** What the vault keeps encrypted: a recovery phrase (BIP-39, English) or a single key (WIF, compressed). */
export type Secret = { kind: 'mnemonic'; phrase: string } | { kind: 'wif'; wif: string };

/** The unlocked wallet: its receiving address and the key that spends from it. */
export type Account = {
  /** bc1q..., the key's P2WPKH address. */
  address: string;
  publicKey: Uint8Array;
  privateKey: Uint8Array;
};

/** A recovery phrase's word counts the wallet takes: 12 (what it creates) or 24. */
export const PHRASE_LENGTHS = [12, 24] as const;

const base58check = createBase58check(sha256);

/** The words of a phrase as typed: lower case, any white space between them. */
export function phraseWords(text: string): string[] {
  return text.trim().toLowerCase().split(/\s+/).filter(Boolean);
}

/** A new 12-word recovery phrase (128 bits from the browser's random generator). */
export function newMnemonic(): string {
  return generateMnemonic(wordlist, 128);
}

/** Why a phrase is refused, or null when it is a valid 12- or 24-word English BIP-39 phrase. */
export function mnemonicError(phrase: string): string | null {
  const words = phraseWords(phrase);
  if (!(PHRASE_LENGTHS as readonly number[]).includes(words.length)) {
    return `A recovery phrase has 12 or 24 words; this one has ${String(words.length)}.`;
  }
  const unknown = words.find((word) => !wordlist.includes(word));
  if (unknown !== undefined) return `"${unknown}" is not a word of the recovery phrase list.`;
  if (!validateMnemonic(words.join(' '), wordlist)) {
    return 'These words fail the phrase checksum: check each word and their order.';
  }
  return null;
}

/** The 32-byte secret of a WIF key, or why it is refused (mainnet, compressed keys only). */
export function decodeWif(text: string): { key: Uint8Array } | { error: string } {
  let payload: Uint8Array;
  try {
    payload = base58check.decode(text);
  } catch {
    return { error: 'Not a valid WIF key: check every character.' };
  }
  if (payload[0] !== NETWORK.wif) return { error: 'This key is not for Bitcoin mainnet.' };
  if (payload.length === 33) {
    return { error: 'Uncompressed keys are not supported: use a compressed WIF key (it starts with K or L).' };
  }
  if (payload.length !== 34 || payload[33] !== 0x01) return { error: 'Not a valid WIF key: check every character.' };
  try {
    return { key: WIF(NETWORK).decode(text) };
  } catch {
    return { error: 'Not a valid WIF key: check every character.' };
  }
}

/**
 * What an import field holds: a single word is read as a WIF key, several as a recovery phrase. Returns the secret
 * (the phrase normalised to single spaces and lower case) or why it is refused.
 */
export function parseImport(text: string): { secret: Secret } | { error: string } {
  const words = phraseWords(text);
  if (words.length === 0) return { error: 'Enter a recovery phrase of 12 or 24 words, or a WIF key.' };
  if (words.length === 1) {
    const wif = text.trim();
    const decoded = decodeWif(wif);
    if ('error' in decoded) return decoded;
    decoded.key.fill(0);
    return { secret: { kind: 'wif', wif } };
  }
  const error = mnemonicError(text);
  return error ? { error } : { secret: { kind: 'mnemonic', phrase: words.join(' ') } };
}

/** The P2WPKH address of a compressed public key, in the network's format. */
export function p2wpkhAddress(publicKey: Uint8Array): string {
  const address = p2wpkh(publicKey, NETWORK).address;
  if (!address) throw new Error('no P2WPKH address for this key');
  return address;
}

/** The account of a secret: BIP-84's first receiving key of a phrase (m/84'/0'/0'/0/0), or the WIF key itself. */
export async function accountOf(secret: Secret): Promise<Account> {
  let privateKey: Uint8Array;
  if (secret.kind === 'wif') {
    const decoded = decodeWif(secret.wif);
    if ('error' in decoded) throw new Error(decoded.error);
    privateKey = Uint8Array.from(decoded.key);
    decoded.key.fill(0);
  } else {
    const seed = await mnemonicToSeedWebcrypto(secret.phrase);
    const root = HDKey.fromMasterSeed(seed);
    seed.fill(0);
    const child = root.derive(RECEIVE_PATH);
    root.wipePrivateData();
    if (!child.privateKey) throw new Error('the derived key has no private key');
    privateKey = Uint8Array.from(child.privateKey);
    child.wipePrivateData();
  }
  const publicKey = pubECDSA(privateKey, true);
  return { address: p2wpkhAddress(publicKey), publicKey, privateKey };
}

/** Overwrites an account's private key (when the wallet locks). */
export function wipeAccount(account: Account): void {
  account.privateKey.fill(0);
}
