import {
  createSlice,
  type PayloadAction,
  type Store,
  type ThunkAction,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { useCallback, useEffect, useRef } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import {
  BUYING_WALLETS,
  signedIn,
  signedOut,
  signInClosed,
  signInOpened,
  type SessionState,
  type SignInMode,
} from './session';

/**
 * The Ninja wallet's frame (spec §2, 'Wallet panel'): the product's own wallet app, served at its own origin, opened
 * in a frame over the page to buy or mint for a session no wallet extension signs for, and to sign in with it.
 */

/** What the frame is opened for; 'sign-in' is the sign-in panel's Ninja button. */
export const WALLET_FRAME_ACTIONS = ['buy', 'mint-launchpad', 'mint-src20', 'fairmint', 'mint', 'sign-in'] as const;
export type WalletFrameAction = (typeof WALLET_FRAME_ACTIONS)[number];

/** What the frame's URL tells the wallet app. */
export type WalletFrameRequest = {
  action: WalletFrameAction;
  /** buy: the cart's transaction hashes. */
  tx?: string[];
  /** fairmint: the fairminter's asset; mint-src20: the tick; mint-launchpad: the collection id. */
  cpid?: string;
  /** sign-in: a new session, or another address for the signed-in account. */
  purpose?: SignInMode;
  /** mint: the new stamp's file, base64; never in the URL, handed over by message once the frame says 'ready'. */
  file?: string;
};

/** A sign-in message signed in the frame, submitted as the other one-click wallets' are. */
export type NinjaSignature = { address: string; message: string; signature: string };

/** What the frame may say to the site: close it, take hashes out of the cart, or hand over a sign-in's signature. */
export type WalletFrameMessage =
  | { kind: 'close' }
  | { kind: 'ready' }
  | { kind: 'remove'; hashes: string[] }
  | { kind: 'signed'; signed: NinjaSignature };

const REMOVE_PREFIX = 'remove:';

/**
 * The frame's URL: the wallet app's root with `action`, then `tx` (comma-separated), `cpid`, `purpose` when the
 * request has them, and `timestamp` (`now`, milliseconds), in that order; then the site's display `currency`, when
 * given, for the amounts the wallet shows beside BTC.
 */
export function walletFrameUrl(
  walletOrigin: string,
  request: WalletFrameRequest,
  now: number,
  currency?: string,
): string {
  const params = new URLSearchParams({ action: request.action });
  if (request.tx) params.set('tx', request.tx.join(','));
  if (request.cpid !== undefined) params.set('cpid', request.cpid);
  if (request.purpose) params.set('purpose', request.purpose);
  params.set('timestamp', String(now));
  if (currency) params.set('currency', currency);
  return `${walletOrigin}/?${params.toString()}`;
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * A message posted by the frame, read defensively: 'close', 'ready' (it waits for a mint's file),
 * 'remove:{hashes}' (comma-separated, at least one), or `{type: 'ninja:signed', address, message, signature}` with
 * three non-empty strings. Anything else is null.
 */
export function readWalletFrameMessage(data: unknown): WalletFrameMessage | null {
  if (data === 'close') return { kind: 'close' };
  if (data === 'ready') return { kind: 'ready' };
  if (typeof data === 'string') {
    if (!data.startsWith(REMOVE_PREFIX)) return null;
    const hashes = data
      .slice(REMOVE_PREFIX.length)
      .split(',')
      .map((hash) => hash.trim())
      .filter((hash) => hash !== '');
    return hashes.length > 0 ? { kind: 'remove', hashes } : null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { type, address, message, signature } = data as Record<string, unknown>;
  if (type !== 'ninja:signed' || !nonEmptyString(address) || !nonEmptyString(message) || !nonEmptyString(signature)) {
    return null;
  }
  return { kind: 'signed', signed: { address, message, signature } };
}

/** The frame in the Redux UI state. */
export type WalletFrameState = {
  /** What the frame is open for; null when closed. */
  request: WalletFrameRequest | null;
  /** Counts the openings: each loads the frame anew, and a sign-in waits for the end of its own. */
  opening: number;
  /** A buy or mint asked for while signed out: the frame opens after a sign-in no wallet extension made. */
  pending: WalletFrameRequest | null;
  /** What the frame signed for the sign-in of the last opening (which it ended), until the next sign-in. */
  signed: NinjaSignature | null;
};

const initialState: WalletFrameState = { request: null, opening: 0, pending: null, signed: null };

function open(state: WalletFrameState, request: WalletFrameRequest): void {
  state.request = request;
  state.opening += 1;
  state.pending = null;
  state.signed = null;
}

/** The frame's slice. */
export const walletFrameSlice = createSlice({
  name: 'walletFrame',
  initialState,
  reducers: {
    walletFrameOpened(state, action: PayloadAction<WalletFrameRequest>) {
      open(state, action.payload);
    },
    /** The request to open after the sign-in the panel is open for (null: none). */
    walletFramePended(state, action: PayloadAction<WalletFrameRequest | null>) {
      state.pending = action.payload;
    },
    walletFrameClosed(state) {
      state.request = null;
    },
    /** The frame signed the sign-in it was opened for: it closes, and the signature goes to the sign-in. */
    walletFrameSigned(state, action: PayloadAction<NinjaSignature>) {
      if (state.request?.action !== 'sign-in') return;
      state.request = null;
      state.signed = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(signedIn, (state, action) => {
        // After a sign-in with a wallet extension the dialog opens instead (cart, mint).
        const pending = state.pending;
        state.pending = null;
        state.signed = null;
        // A stamp's mint has no dialog: its frame opens whatever the wallet.
        if (pending && (pending.action === 'mint' || !BUYING_WALLETS.includes(action.payload))) open(state, pending);
      })
      .addCase(signInClosed, (state) => {
        state.pending = null;
        if (state.request?.action === 'sign-in') state.request = null;
      })
      .addCase(signedOut, (state) => {
        state.request = null;
        state.pending = null;
        state.signed = null;
      });
  },
});

export const { walletFrameOpened, walletFramePended, walletFrameClosed, walletFrameSigned } = walletFrameSlice.actions;

type WalletFrameRoot = { walletFrame: WalletFrameState; session: SessionState };
type WalletFrameThunk<Result> = ThunkAction<Result, WalletFrameRoot, unknown, UnknownAction>;

/** The store's dispatch, as far as the frame needs it: plain actions and the frame's thunks. */
export type WalletFrameDispatch = ThunkDispatch<WalletFrameRoot, unknown, UnknownAction>;

/** `useDispatch` typed for the frame's thunks. */
export const useWalletFrameDispatch = useDispatch.withTypes<WalletFrameDispatch>();

const useWalletFrameStore = useStore.withTypes<Store<WalletFrameRoot>>();

/** Opens the frame for `request` and returns the opening's number. */
export function openWalletFrame(request: WalletFrameRequest): WalletFrameThunk<number> {
  return (dispatch, getState) => {
    dispatch(walletFrameOpened(request));
    return getState().walletFrame.opening;
  };
}

/** The `mint` request of a new stamp's file (its bytes), with the file in base64. */
export function stampMintRequest(bytes: Uint8Array): WalletFrameRequest {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return { action: 'mint', file: btoa(binary) };
}

/**
 * The wallet opening logic for a new stamp (spec §2: the `mint` action always opens the wallet frame): signed in,
 * the frame opens with the file; signed out, the sign-in panel opens, and the frame follows any sign-in.
 */
export function openStampMint(bytes: Uint8Array): WalletFrameThunk<void> {
  return (dispatch, getState) => {
    const request = stampMintRequest(bytes);
    if (getState().session.logged) {
      dispatch(walletFrameOpened(request));
      return;
    }
    dispatch(walletFramePended(request));
    dispatch(signInOpened('connect'));
  };
}

/** The end of opening `opening`, watched in `store`; `cancel` stops watching and resolves with null. */
export type WalletFrameEnd = { ended: Promise<NinjaSignature | null>; cancel: () => void };

/**
 * Watches opening `opening` of the frame until it ends: resolves with the signature the frame handed over for a
 * sign-in, or with null when it closed otherwise (or another opening replaced it).
 */
export function walletFrameEnd(
  store: Pick<Store<WalletFrameRoot>, 'getState' | 'subscribe'>,
  opening: number,
): WalletFrameEnd {
  let resolve: (value: NinjaSignature | null) => void = () => undefined;
  const ended = new Promise<NinjaSignature | null>((settle) => {
    resolve = settle;
  });
  let unsubscribe: () => void = () => undefined;
  const finish = (value: NinjaSignature | null) => {
    unsubscribe();
    resolve(value);
  };
  const check = () => {
    const frame = store.getState().walletFrame;
    if (frame.opening === opening && frame.request) return;
    finish(frame.opening === opening ? frame.signed : null);
  };
  unsubscribe = store.subscribe(check);
  check();
  return {
    ended,
    cancel: () => {
      finish(null);
    },
  };
}

/** The frame's state. */
export function useWalletFrame(): WalletFrameState {
  return useSelector((state: WalletFrameRoot) => state.walletFrame);
}

/**
 * Opens the frame for a request and waits for it to close: the promise resolves with the signature the frame
 * handed over (a sign-in), or null. The component unmounting stops the wait (null).
 */
export function useAwaitWalletFrame(): (request: WalletFrameRequest) => Promise<NinjaSignature | null> {
  const dispatch = useWalletFrameDispatch();
  const store = useWalletFrameStore();
  const waits = useRef(new Set<() => void>());

  useEffect(() => {
    const current = waits.current;
    return () => {
      for (const cancel of current) cancel();
      current.clear();
    };
  }, []);

  return useCallback(
    async (request: WalletFrameRequest) => {
      const { ended, cancel } = walletFrameEnd(store, dispatch(openWalletFrame(request)));
      waits.current.add(cancel);
      try {
        return await ended;
      } finally {
        waits.current.delete(cancel);
      }
    },
    [dispatch, store],
  );
}
