import type { WalletType } from '@/lib/session';
import { isNativeSegwit } from './address';
import { MESSAGES, walletNotFound } from './messages';

/**
 * The product's own wallet: first in the panel's list (when `GET /api/origins` names its origin), it signs in its
 * frame rather than through an extension.
 */
export const NINJA_WALLET = { id: 'ninja', name: 'Ninja' } as const satisfies { id: WalletType; name: string };

/** The wallets of the one-click sign-in whose extensions the page has injected, in the panel's order. */
export const WALLETS = [
  { id: 'leather', name: 'Leather' },
  { id: 'unisat', name: 'Unisat' },
  { id: 'okx', name: 'OKX' },
] as const satisfies readonly { id: WalletType; name: string }[];

export type WalletId = (typeof WALLETS)[number]['id'];

/** Unisat's injected API (OKX's `okxwallet.bitcoin` has the same calls). */
export type UnisatLikeProvider = {
  requestAccounts: () => Promise<string[]>;
  signMessage: (message: string, type?: 'ecdsa' | 'bip322-simple') => Promise<string>;
};

/** Leather's injected RPC-style API. */
export type LeatherProvider = {
  request: (method: string, params?: Record<string, unknown>) => Promise<{ result?: unknown }>;
};

/** Where the wallets' extensions inject their APIs. */
export type WalletWindow = {
  unisat?: UnisatLikeProvider;
  okxwallet?: { bitcoin?: UnisatLikeProvider };
  LeatherProvider?: LeatherProvider;
};

/** A failure of a wallet step, carrying the spec's text to show. */
export class WalletError extends Error {}

/** The address a wallet gives and the signature it makes of a message. */
export type Wallet = {
  address: () => Promise<string>;
  sign: (message: string, address: string) => Promise<string>;
};

function walletName(id: WalletId): string {
  return WALLETS.find((wallet) => wallet.id === id)?.name ?? id;
}

/** The address a wallet handed over, checked: present and Native Segwit. */
function checkedAddress(address: string | undefined): string {
  if (!address) throw new WalletError(MESSAGES.noAddress);
  if (!isNativeSegwit(address)) throw new WalletError(MESSAGES.notNativeSegwit);
  return address;
}

/** Unisat or OKX: the first account, and a BIP-322 simple signature. */
function unisatLike(provider: UnisatLikeProvider): Wallet {
  return {
    async address() {
      let accounts: unknown;
      try {
        accounts = await provider.requestAccounts();
      } catch {
        throw new WalletError(MESSAGES.addressFailed);
      }
      const first: unknown = Array.isArray(accounts) ? accounts[0] : undefined;
      return checkedAddress(typeof first === 'string' ? first : undefined);
    },
    async sign(message) {
      let signature: unknown;
      try {
        signature = await provider.signMessage(message, 'bip322-simple');
      } catch {
        throw new WalletError(MESSAGES.signingFailed);
      }
      if (typeof signature !== 'string' || !signature) throw new WalletError(MESSAGES.signingFailed);
      return signature;
    },
  };
}

/** The BTC p2wpkh address among those Leather's `getAddresses` answers. */
export function leatherPaymentAddress(result: unknown): string | undefined {
  const addresses = typeof result === 'object' && result !== null ? (result as { addresses?: unknown }).addresses : [];
  if (!Array.isArray(addresses)) return undefined;
  for (const entry of addresses) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { symbol, type, address } = entry as { symbol?: unknown; type?: unknown; address?: unknown };
    if (symbol === 'BTC' && type === 'p2wpkh' && typeof address === 'string') return address;
  }
  return undefined;
}

/** Leather: only its BTC p2wpkh address, and its (BIP-322) signature with that address. */
function leather(provider: LeatherProvider): Wallet {
  return {
    async address() {
      let answer: { result?: unknown };
      try {
        answer = await provider.request('getAddresses');
      } catch {
        throw new WalletError(MESSAGES.addressFailed);
      }
      return checkedAddress(leatherPaymentAddress(answer.result));
    },
    async sign(message) {
      let answer: { result?: unknown };
      try {
        answer = await provider.request('signMessage', { message, paymentType: 'p2wpkh' });
      } catch {
        throw new WalletError(MESSAGES.signingFailed);
      }
      const result = answer.result;
      const signature =
        typeof result === 'object' && result !== null ? (result as { signature?: unknown }).signature : undefined;
      if (typeof signature !== 'string' || !signature) throw new WalletError(MESSAGES.signingFailed);
      return signature;
    },
  };
}

/** The wallet `id` as the page has it injected; '{provider} Wallet not found' when its extension is missing. */
export function walletOf(id: WalletId, page: WalletWindow = window as WalletWindow): Wallet {
  const missing = () => new WalletError(walletNotFound(walletName(id)));
  switch (id) {
    case 'unisat': {
      if (!page.unisat) throw missing();
      return unisatLike(page.unisat);
    }
    case 'okx': {
      const provider = page.okxwallet?.bitcoin;
      if (!provider) throw missing();
      return unisatLike(provider);
    }
    case 'leather': {
      if (!page.LeatherProvider) throw missing();
      return leather(page.LeatherProvider);
    }
  }
}
