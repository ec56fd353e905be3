import type { WalletType } from '@/lib/session';
import { WALLET_MESSAGES as MESSAGES, walletNotFound } from './messages';
import type { InputToSign } from './transaction';

/** Unisat's `signPsbt` (OKX's `okxwallet.bitcoin` has the same): hex in, signed hex out. */
export type UnisatPsbtProvider = {
  signPsbt: (
    psbtHex: string,
    options: { autoFinalized: boolean; toSignInputs: { index: number; address: string }[] },
  ) => Promise<string>;
};

/** Leather's RPC-style API. */
export type LeatherPsbtProvider = {
  request: (method: string, params?: Record<string, unknown>) => Promise<{ result?: unknown }>;
};

/** Where the wallets' extensions inject their APIs. */
export type PsbtWindow = {
  unisat?: UnisatPsbtProvider;
  okxwallet?: { bitcoin?: UnisatPsbtProvider };
  LeatherProvider?: LeatherPsbtProvider;
};

/** The wallets that sign purchases and mints, with their names. */
export const SIGNING_WALLETS = { leather: 'Leather', unisat: 'Unisat', okx: 'OKX' } as const;
export type SigningWallet = keyof typeof SIGNING_WALLETS;

/** A failure of the wallet step, carrying the spec's text to show. */
export class SigningError extends Error {}

/** Signs a PSBT (hex) at the given inputs and returns the signed PSBT's hex. */
export type PsbtSigner = (psbtHex: string, inputs: readonly InputToSign[]) => Promise<string>;

/** Whether a session's wallet type signs purchases and mints. */
export function isSigningWallet(type: WalletType | null): type is SigningWallet {
  return type !== null && type in SIGNING_WALLETS;
}

/** The injected provider of `wallet`, when the page has it. */
export function providerOf(wallet: SigningWallet, page: PsbtWindow): UnisatPsbtProvider | LeatherPsbtProvider | null {
  switch (wallet) {
    case 'unisat':
      return page.unisat ?? null;
    case 'okx':
      return page.okxwallet?.bitcoin ?? null;
    case 'leather':
      return page.LeatherProvider ?? null;
  }
}

function signedHex(value: unknown): string {
  if (typeof value !== 'string' || !/^[0-9a-fA-F]+$/.test(value)) throw new SigningError(MESSAGES.signingFailed);
  return value;
}

/**
 * The signer of `wallet` as the page has it injected (WALLET-AUTH §2.2): Unisat and OKX `signPsbt(hex,
 * {autoFinalized: true, toSignInputs})`, Leather `request('signPsbt', {hex, signAtIndex})`. '{provider} Wallet not
 * found' when the extension is missing; the spec's signing text when the wallet refuses or answers nothing.
 */
export function psbtSignerOf(wallet: SigningWallet, page: PsbtWindow = window as PsbtWindow): PsbtSigner {
  const missing = () => new SigningError(walletNotFound(SIGNING_WALLETS[wallet]));
  if (wallet === 'leather') {
    const provider = page.LeatherProvider;
    if (!provider) throw missing();
    return async (psbtHex, inputs) => {
      let answer: { result?: unknown };
      try {
        answer = await provider.request('signPsbt', {
          hex: psbtHex,
          signAtIndex: inputs.map((input) => input.index),
        });
      } catch {
        throw new SigningError(MESSAGES.signingFailed);
      }
      const result = answer.result;
      return signedHex(typeof result === 'object' && result !== null ? (result as { hex?: unknown }).hex : undefined);
    };
  }
  const provider = wallet === 'unisat' ? page.unisat : page.okxwallet?.bitcoin;
  if (!provider) throw missing();
  return async (psbtHex, inputs) => {
    let signed: unknown;
    try {
      signed = await provider.signPsbt(psbtHex, {
        autoFinalized: true,
        toSignInputs: inputs.map(({ index, address }) => ({ index, address })),
      });
    } catch {
      throw new SigningError(MESSAGES.signingFailed);
    }
    return signedHex(signed);
  };
}
