import { describe, expect, it, vi } from 'vitest';
import { decodeBase58, isBase58Address, isNativeSegwit, isValidAddress, looksLikeSegwit } from './address';

const P2PKH = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const P2SH = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';
const SEGWIT = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

describe('base58 addresses', () => {
  it('decode with their leading zero bytes', () => {
    expect(decodeBase58('1')).toEqual(Uint8Array.from([0]));
    expect(decodeBase58('11')).toEqual(Uint8Array.from([0, 0]));
    expect(decodeBase58('2')).toEqual(Uint8Array.from([1]));
    expect(decodeBase58('5R')).toEqual(Uint8Array.from([1, 0]));
    expect(decodeBase58('0OIl')).toBeNull();
  });

  it('are valid at 25 bytes with version byte 00 or 05', () => {
    expect(decodeBase58(P2PKH)?.length).toBe(25);
    expect(isBase58Address(P2PKH)).toBe(true);
    expect(isBase58Address(P2SH)).toBe(true);
    // A testnet P2PKH: 25 bytes, version 0x6f.
    expect(isBase58Address('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn')).toBe(false);
    expect(isBase58Address(P2PKH.slice(0, -3))).toBe(false);
    expect(isBase58Address(SEGWIT)).toBe(false);
  });
});

describe('the address check', () => {
  it('takes base58 addresses without asking the server', async () => {
    const askServer = vi.fn();
    expect(await isValidAddress(P2PKH, askServer)).toBe(true);
    expect(await isValidAddress(P2SH, askServer)).toBe(true);
    expect(askServer).not.toHaveBeenCalled();
  });

  it('refuses a short address that is no base58 address, without asking', async () => {
    const askServer = vi.fn();
    expect(await isValidAddress('bc1qshort', askServer)).toBe(false);
    expect(await isValidAddress('x'.repeat(35), askServer)).toBe(false);
    expect(askServer).not.toHaveBeenCalled();
  });

  it("asks the server about longer addresses: 'OK' passes, another answer fails", async () => {
    expect(await isValidAddress(SEGWIT, () => Promise.resolve({ answered: true, ok: true }))).toBe(true);
    expect(await isValidAddress(SEGWIT, () => Promise.resolve({ answered: true, ok: false }))).toBe(false);
  });

  it('falls back to 42 characters starting with bc1 when the server cannot be asked', async () => {
    const unanswered = () => Promise.resolve({ answered: false as const });
    expect(await isValidAddress(SEGWIT, unanswered)).toBe(true);
    expect(await isValidAddress(`${SEGWIT}q`, unanswered)).toBe(false);
    expect(await isValidAddress(`tb1${SEGWIT.slice(3)}`, unanswered)).toBe(false);
    expect(looksLikeSegwit(SEGWIT)).toBe(true);
  });

  it('takes only Native Segwit (bc1q...) addresses from wallets', () => {
    expect(isNativeSegwit(SEGWIT)).toBe(true);
    expect(isNativeSegwit(SEGWIT.toUpperCase())).toBe(true);
    expect(isNativeSegwit('bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr')).toBe(false);
    expect(isNativeSegwit(P2SH)).toBe(false);
  });
});
