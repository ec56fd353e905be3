/**
 * The address check of the manual sign-in (spec): a base58 address decoding to 25 bytes with version byte 00 or 05
 * is valid here; a longer one (over 35 characters, bech32) is asked of the server, and when the server cannot be
 * asked, it passes with 42 characters starting with bc1. Anything else is 'Invalid address'.
 */

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** The bytes a base58 string decodes to (leading '1's are zero bytes), or null for a character outside base58. */
export function decodeBase58(text: string): Uint8Array | null {
  const bytes: number[] = [];
  for (const char of text) {
    let carry = BASE58_ALPHABET.indexOf(char);
    if (carry < 0) return null;
    for (let index = 0; index < bytes.length; index++) {
      carry += (bytes[index] ?? 0) * 58;
      bytes[index] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 0xff);
      carry >>= 8;
    }
  }
  let zeros = 0;
  while (zeros < text.length && text[zeros] === '1') zeros++;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes.reverse()]);
}

/** Whether `address` is a base58 address of 25 bytes with version byte 00 (P2PKH) or 05 (P2SH). */
export function isBase58Address(address: string): boolean {
  const bytes = decodeBase58(address);
  return bytes !== null && bytes.length === 25 && (bytes[0] === 0x00 || bytes[0] === 0x05);
}

/** The fallback when the server cannot be asked: 42 characters starting with bc1. */
export function looksLikeSegwit(address: string): boolean {
  return address.length === 42 && address.startsWith('bc1');
}

/** What the server said of an address: 'OK', something else, or nothing (it could not be asked). */
export type ServerCheck = { answered: true; ok: boolean } | { answered: false };

/**
 * Whether the address may be used: base58 ones are decided here, longer ones by `askServer` (GET
 * /api/user/test/{address}), with the bc1 fallback when the server did not answer.
 */
export async function isValidAddress(address: string, askServer: (address: string) => Promise<ServerCheck>) {
  if (isBase58Address(address)) return true;
  if (address.length <= 35) return false;
  const check = await askServer(address);
  return check.answered ? check.ok : looksLikeSegwit(address);
}

/** Whether a wallet's address is Native Segwit (bc1q...), the only kind sign-in takes from wallets. */
export function isNativeSegwit(address: string): boolean {
  return address.toLowerCase().startsWith('bc1q');
}
