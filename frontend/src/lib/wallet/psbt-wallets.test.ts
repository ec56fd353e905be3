import { describe, expect, it, vi } from 'vitest';
import { isSigningWallet, psbtSignerOf, type PsbtWindow } from './psbt-wallets';

const inputs = [
  { index: 0, address: 'bc1qbuyer' },
  { index: 2, address: 'bc1qbuyer' },
];

describe('PSBT signing', () => {
  it('asks Unisat and OKX to sign the given inputs and finalize them', async () => {
    const signPsbt = vi.fn(() => Promise.resolve('beef'));
    expect(await psbtSignerOf('unisat', { unisat: { signPsbt } })('cafe', inputs)).toBe('beef');
    expect(signPsbt).toHaveBeenCalledWith('cafe', { autoFinalized: true, toSignInputs: inputs });
    const okx = vi.fn(() => Promise.resolve('f00d'));
    expect(await psbtSignerOf('okx', { okxwallet: { bitcoin: { signPsbt: okx } } })('cafe', inputs)).toBe('f00d');
    expect(okx).toHaveBeenCalledWith('cafe', { autoFinalized: true, toSignInputs: inputs });
  });

  it("asks Leather with the inputs' indexes and takes its hex", async () => {
    const request = vi.fn(() => Promise.resolve({ result: { hex: 'beef' } }));
    expect(await psbtSignerOf('leather', { LeatherProvider: { request } })('cafe', inputs)).toBe('beef');
    expect(request).toHaveBeenCalledWith('signPsbt', { hex: 'cafe', signAtIndex: [0, 2] });
  });

  it("says '{provider} Wallet not found' when the extension is missing", () => {
    const page: PsbtWindow = {};
    expect(() => psbtSignerOf('unisat', page)).toThrow('Unisat Wallet not found');
    expect(() => psbtSignerOf('okx', { okxwallet: {} })).toThrow('OKX Wallet not found');
    expect(() => psbtSignerOf('leather', page)).toThrow('Leather Wallet not found');
  });

  it('says the signing failed when the wallet refuses or answers no hex', async () => {
    const refused = psbtSignerOf('unisat', { unisat: { signPsbt: () => Promise.reject(new Error('User rejected')) } });
    await expect(refused('cafe', inputs)).rejects.toThrow('Error signing message');
    const empty = psbtSignerOf('leather', { LeatherProvider: { request: () => Promise.resolve({ result: {} }) } });
    await expect(empty('cafe', inputs)).rejects.toThrow('Error signing message');
  });

  it('signs with leather, unisat and okx only', () => {
    expect(['leather', 'unisat', 'okx'].every((type) => isSigningWallet(type as never))).toBe(true);
    expect(isSigningWallet('default')).toBe(false);
    expect(isSigningWallet(null)).toBe(false);
  });
});
