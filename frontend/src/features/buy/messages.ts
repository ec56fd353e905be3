import { WALLET_MESSAGES } from '@/lib/wallet/messages';

/** The spec's texts of the buy dialog, word for word: the wallet dialogs' texts and the buy's own. */
export const MESSAGES = {
  ...WALLET_MESSAGES,
  noHashes: 'No transaction hash provided',
} as const;
