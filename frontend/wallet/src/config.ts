import { NETWORK as MAINNET } from '@scure/btc-signer/utils.js';

/**
 * The wallet's fixed settings. The network is mainnet's format everywhere (bc1q addresses, 0x80 WIF keys, coin type
 * 0): the site and the devnet both speak it. Changing these three lines together moves the wallet to another network.
 */
export const NETWORK = MAINNET;
/** BIP-44 coin type of the network (0 for Bitcoin mainnet). */
export const COIN_TYPE = 0;
/** BIP-84 (native SegWit, P2WPKH): account 0, external chain, first address. */
export const RECEIVE_PATH = `m/84'/${String(COIN_TYPE)}'/0'/0/0`;

/** Where the encrypted wallet is kept, in this origin's localStorage. */
export const VAULT_STORAGE_KEY = 'ninja-wallet';
/** PBKDF2-SHA256 rounds for a new vault: slow for a guesser, well under a second for an unlock. */
export const PBKDF2_ITERATIONS = 600_000;
/** The fewest characters a password may have. */
export const MIN_PASSWORD_LENGTH = 8;
/** The unlocked wallet locks after this long without user input. */
export const IDLE_TIMEOUT_MS = 5 * 60 * 1000;
/** How long 'Copied!' shows after a copy. */
export const COPY_FLASH_MS = 1000;
/** How many words a new wallet's owner types back, each asked by position. */
export const CONFIRM_WORD_COUNT = 3;
/** The most stamps the wallet lists (one page of the API). */
export const STAMPS_PAGE_SIZE = 100;
/** The block explorer a transaction id links to (the txid is appended). */
export const EXPLORER_TX_URL = 'https://mempool.space/tx/';
