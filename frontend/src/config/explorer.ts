/**
 * The block explorer a transaction id links to: VITE_EXPLORER_TX_URL at build time (the txid is appended), else
 * mempool.space.
 */
export const EXPLORER_TX_URL = import.meta.env.VITE_EXPLORER_TX_URL || 'https://mempool.space/tx/';

/** The explorer's page of transaction `txid`. */
export function explorerTxUrl(txid: string, base: string = EXPLORER_TX_URL): string {
  return `${base}${encodeURIComponent(txid)}`;
}
