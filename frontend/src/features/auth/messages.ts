import { NAME_RULE_MESSAGE } from '@/utils/name-rules';

/** The spec's texts of sign-in, settings and their failures, word for word. */
export const MESSAGES = {
  invalidAddress: 'Invalid address',
  notNativeSegwit: 'Please select a Native Segwit address (bc1q...) then try again',
  noAddress: 'No BTC address found',
  addressFailed: 'Error getting address',
  signingFailed: 'Error signing message',
  signatureRequired: 'Please sign the message',
  noMessage: 'Could not generate message',
  tokenExpired: 'Token expired',
  newMessage: 'New message to sign generated',
  copied: 'Copied!',
  usernameTaken: 'Username already taken',
  updated: 'Successfully updated',
  nameRule: NAME_RULE_MESSAGE,
  twitterRule: 'Name must be between 2 and 20 characters with only alphanumeric characters',
} as const;

/** '{provider} Wallet not found' (spec). */
export function walletNotFound(provider: string): string {
  return `${provider} Wallet not found`;
}
