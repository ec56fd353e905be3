/** The spec's texts shared by the wallet dialogs (buy and mint), word for word. */
export const WALLET_MESSAGES = {
  feeLoading: 'Fee is loading...',
  sourceRequired: 'Source is required',
  broadcastFailed: 'Error broadcasting transaction',
  apiError: 'API Error',
  signingFailed: 'Error signing message',
} as const;

/** '{provider} Wallet not found' (spec): the wallet's extension is missing when it must sign. */
export function walletNotFound(provider: string): string {
  return `${provider} Wallet not found`;
}

/** "Logged with {provider} but it doesn't look installed" (spec): said when a dialog opens without the wallet. */
export function walletNotInstalled(provider: string): string {
  return `Logged with ${provider} but it doesn't look installed`;
}
