import {
  createSlice,
  type PayloadAction,
  type ThunkAction,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { Collection } from './collection';
import {
  BUYING_WALLETS,
  isBuyingWallet,
  signedIn,
  signedOut,
  signInClosed,
  signInOpened,
  type SessionState,
} from './session';
import { walletFrameOpened, walletFramePended, type WalletFrameRequest } from './wallet-frame';

/**
 * The mints the pages open (spec §2, 'Wallet opening logic'): a fairmint from a fairminter card or an asset's
 * fairminter block, an SRC-20 mint from a tick page, a launchpad mint from a collection page. The request carries
 * the data its dialog needs, as the page has it.
 */

/** A fairminter's terms: quantities are integer strings in base units, `price` in XCP base units per lot. */
export type FairmintTerms = {
  cpid: string;
  asset_longname: string | null;
  divisible: boolean;
  /** open, closed, pending, ...: only an open fairminter mints. */
  status: string;
  /** XCP (base units) per lot; "0" for a free fairminter. */
  price: string;
  /** The lot: what `price` buys. */
  quantity_by_price: string;
  /** "0" without a cap. */
  hard_cap: string;
  /** "0" without a limit. */
  max_mint_per_tx: string;
  premint_quantity: string;
  earned_quantity: string;
};

/** A deployed SRC-20 tick as its mint needs it: amounts are decimal strings, `progress` a percent string. */
export type Src20MintTerms = {
  tick: string;
  /** What one mint may take. */
  limit: string | null;
  max: string | null;
  decimals: number | null;
  progress: string | null;
  /** The deployer's royalty per mint, satoshis, when the deploy set one. */
  royalties: number | null;
};

export type MintRequest =
  | { action: 'fairmint'; fairminter: FairmintTerms }
  | { action: 'mint-src20'; src20: Src20MintTerms | null }
  | { action: 'mint-launchpad'; collection: Collection | null };

export type MintAction = MintRequest['action'];

/**
 * What the Ninja wallet's frame is opened with for a mint: the fairminter's asset, the SRC-20 tick or the
 * launchpad collection's id as `cpid`. Null when an SRC-20 or launchpad request lacks it: its dialog says the data
 * is missing instead.
 */
export function mintFrameRequest(request: MintRequest): WalletFrameRequest | null {
  switch (request.action) {
    case 'fairmint':
      return { action: 'fairmint', cpid: request.fairminter.cpid };
    case 'mint-src20':
      return request.src20?.tick ? { action: 'mint-src20', cpid: request.src20.tick } : null;
    case 'mint-launchpad':
      return request.collection?.collection_id
        ? { action: 'mint-launchpad', cpid: request.collection.collection_id }
        : null;
  }
}

/** The mint whose dialog is asked for, and whether it waits for a sign-in. */
export type MintState = { request: MintRequest | null; pending: boolean };

const initialState: MintState = { request: null, pending: false };

export const mintSlice = createSlice({
  name: 'mint',
  initialState,
  reducers: {
    mintOpened(state, action: PayloadAction<MintRequest>) {
      state.request = action.payload;
      state.pending = false;
    },
    mintPended(state, action: PayloadAction<MintRequest>) {
      state.request = action.payload;
      state.pending = true;
    },
    mintClosed(state) {
      state.request = null;
      state.pending = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(signedIn, (state, action) => {
        // A mint asked for while signed out opens its dialog after a sign-in with a signing wallet; after another
        // sign-in the wallet's frame takes it, unless its data is missing (the dialog says so).
        const request = state.request;
        if (state.pending && request && !BUYING_WALLETS.includes(action.payload) && mintFrameRequest(request)) {
          state.request = null;
        }
        state.pending = false;
      })
      .addCase(signInClosed, (state) => {
        if (state.pending) state.request = null;
        state.pending = false;
      })
      .addCase(signedOut, (state) => {
        if (!state.pending) state.request = null;
      });
  },
});

export const { mintClosed } = mintSlice.actions;

type MintRoot = { mint: MintState; session: SessionState };
type MintThunk = ThunkAction<void, MintRoot, unknown, UnknownAction>;

/**
 * The wallet opening logic for a mint (spec §2): signed in with a wallet that signs (leather, unisat, okx), the
 * mint's dialog opens; signed in otherwise (ninja, a pasted signature), the Ninja wallet's frame opens, or the dialog
 * saying the data is missing ('Missing src20 data...', 'Missing collection data...'). Signed out, the sign-in panel
 * opens, as for a purchase, and the dialog or the frame follows the sign-in.
 */
export function openMint(request: MintRequest): MintThunk {
  return (dispatch, getState) => {
    const { logged } = getState().session;
    const frame = mintFrameRequest(request);
    if (isBuyingWallet(logged) || (logged && !frame)) {
      dispatch(mintSlice.actions.mintOpened(request));
      return;
    }
    if (logged && frame) {
      dispatch(walletFrameOpened(frame));
      return;
    }
    dispatch(mintSlice.actions.mintPended(request));
    dispatch(walletFramePended(frame));
    dispatch(signInOpened('connect'));
  };
}

export type MintDispatch = ThunkDispatch<MintRoot, unknown, UnknownAction>;

/** `useDispatch` typed for the mint's thunks. */
export const useMintDispatch = useDispatch.withTypes<MintDispatch>();

/** The mint whose dialog is open, if any. */
export function useOpenMintRequest(): MintRequest | null {
  return useSelector((state: MintRoot) => (state.mint.pending ? null : state.mint.request));
}
