import { describe, expect, it, vi } from 'vitest';
import { leatherPaymentAddress, walletOf, type UnisatLikeProvider, type WalletWindow } from './wallets';

const SEGWIT = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const TAPROOT = 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr';

function unisat(overrides: Partial<UnisatLikeProvider> = {}): UnisatLikeProvider {
  return {
    requestAccounts: vi.fn(() => Promise.resolve([SEGWIT])),
    signMessage: vi.fn(() => Promise.resolve('c2lnbmF0dXJl')),
    ...overrides,
  };
}

describe('wallets', () => {
  it.each([
    ['unisat', 'Unisat Wallet not found'],
    ['okx', 'OKX Wallet not found'],
    ['leather', 'Leather Wallet not found'],
  ] as const)("say '{provider} Wallet not found' when %s is not injected", (id, text) => {
    expect(() => walletOf(id, {})).toThrow(text);
  });

  it('take the first account of Unisat and OKX, and ask them for a BIP-322 simple signature', async () => {
    for (const [id, page] of [
      ['unisat', (provider: UnisatLikeProvider): WalletWindow => ({ unisat: provider })],
      ['okx', (provider: UnisatLikeProvider): WalletWindow => ({ okxwallet: { bitcoin: provider } })],
    ] as const) {
      const provider = unisat();
      const wallet = walletOf(id, page(provider));
      expect(await wallet.address()).toBe(SEGWIT);
      expect(await wallet.sign('the message', SEGWIT)).toBe('c2lnbmF0dXJl');
      expect(provider.signMessage).toHaveBeenCalledWith('the message', 'bip322-simple');
    }
  });

  it('refuse an address that is not Native Segwit, a missing one, and a failed request', async () => {
    const taproot = walletOf('unisat', { unisat: unisat({ requestAccounts: () => Promise.resolve([TAPROOT]) }) });
    await expect(taproot.address()).rejects.toThrow('Please select a Native Segwit address (bc1q...) then try again');
    const none = walletOf('unisat', { unisat: unisat({ requestAccounts: () => Promise.resolve([]) }) });
    await expect(none.address()).rejects.toThrow('No BTC address found');
    const refused = walletOf('okx', {
      okxwallet: { bitcoin: unisat({ requestAccounts: () => Promise.reject(new Error('User rejected')) }) },
    });
    await expect(refused.address()).rejects.toThrow('Error getting address');
  });

  it("say 'Error signing message' when the wallet refuses to sign or signs nothing", async () => {
    const refused = walletOf('unisat', { unisat: unisat({ signMessage: () => Promise.reject(new Error('no')) }) });
    await expect(refused.sign('m', SEGWIT)).rejects.toThrow('Error signing message');
    const empty = walletOf('unisat', { unisat: unisat({ signMessage: () => Promise.resolve('') }) });
    await expect(empty.sign('m', SEGWIT)).rejects.toThrow('Error signing message');
  });

  it("take only Leather's BTC p2wpkh address, and sign with paymentType p2wpkh", async () => {
    const request = vi.fn((method: string) =>
      Promise.resolve(
        method === 'getAddresses'
          ? {
              result: {
                addresses: [
                  { symbol: 'BTC', type: 'p2tr', address: TAPROOT },
                  { symbol: 'STX', address: 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7' },
                  { symbol: 'BTC', type: 'p2wpkh', address: SEGWIT },
                ],
              },
            }
          : { result: { signature: 'bGVhdGhlcg==', address: SEGWIT } },
      ),
    );
    const wallet = walletOf('leather', { LeatherProvider: { request } });
    expect(await wallet.address()).toBe(SEGWIT);
    expect(await wallet.sign('the message', SEGWIT)).toBe('bGVhdGhlcg==');
    expect(request).toHaveBeenLastCalledWith('signMessage', { message: 'the message', paymentType: 'p2wpkh' });
  });

  it("find no Leather address without a BTC p2wpkh one, and fail when Leather's calls fail", async () => {
    expect(leatherPaymentAddress({ addresses: [{ symbol: 'BTC', type: 'p2tr', address: TAPROOT }] })).toBeUndefined();
    expect(leatherPaymentAddress(null)).toBeUndefined();
    const noPayment = walletOf('leather', {
      LeatherProvider: { request: () => Promise.resolve({ result: { addresses: [] } }) },
    });
    await expect(noPayment.address()).rejects.toThrow('No BTC address found');
    const failing = walletOf('leather', { LeatherProvider: { request: () => Promise.reject(new Error('x')) } });
    await expect(failing.address()).rejects.toThrow('Error getting address');
    await expect(failing.sign('m', SEGWIT)).rejects.toThrow('Error signing message');
  });
});
