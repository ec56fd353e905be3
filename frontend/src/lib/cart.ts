import {
  createSlice,
  type PayloadAction,
  type ThunkAction,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
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
 * The cart (spec): the transaction hashes of the dispensers and atomic swaps to buy from (a colon marks an atomic
 * swap's `txid:vout`), kept in the browser's local storage under 'cart', at most 5.
 */
export const CART_KEY = 'cart';
export const CART_LIMIT = 5;

/** A stored cart read defensively: its distinct non-empty hashes, in order, at most 5; empty when unreadable. */
export function parseCart(raw: string | null): string[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const hashes: string[] = [];
  for (const entry of value) {
    if (typeof entry !== 'string') continue;
    const hash = entry.trim();
    if (hash && !hashes.includes(hash)) hashes.push(hash);
  }
  return hashes.slice(0, CART_LIMIT);
}

/** Whether `hash` can go into the cart: it is there already, or the cart holds fewer than 5. */
export function canAddToCart(cart: readonly string[], hash: string): boolean {
  return cart.includes(hash) || cart.length < CART_LIMIT;
}

/** The cart with `hash` added at the end; unchanged when it is there already or the cart is full. */
export function cartWith(cart: readonly string[], hash: string): string[] {
  const trimmed = hash.trim();
  if (!trimmed || !canAddToCart(cart, trimmed) || cart.includes(trimmed)) return [...cart];
  return [...cart, trimmed];
}

/** The cart without `hashes`. */
export function cartWithout(cart: readonly string[], hashes: readonly string[]): string[] {
  return cart.filter((hash) => !hashes.includes(hash));
}

/** The cart in local storage (empty when storage cannot be read). */
export function storedCart(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): string[] {
  try {
    return parseCart(storage?.getItem(CART_KEY) ?? null);
  } catch {
    return [];
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function storeCart(hashes: readonly string[]): void {
  try {
    window.localStorage.setItem(CART_KEY, JSON.stringify(hashes));
  } catch {
    // Storage refused (private mode, quota): the cart holds in memory until the page is reloaded.
  }
}

/** The cart in the Redux UI state, with the buy dialog's visibility. */
export type CartState = {
  hashes: string[];
  /** Whether the buy dialog is open. */
  buyOpen: boolean;
  /** A buy asked for while signed out: the dialog opens after a sign-in with a buying wallet. */
  buyPending: boolean;
};

/** The cart a page load starts with: what local storage holds. */
export function initialCart(hashes: string[] = []): CartState {
  return { hashes, buyOpen: false, buyPending: false };
}

/** The cart slice. */
export const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCart(),
  reducers: {
    cartReplaced(state, action: PayloadAction<string[]>) {
      state.hashes = action.payload;
    },
    buyOpened(state) {
      state.buyOpen = true;
      state.buyPending = false;
    },
    buyPended(state) {
      state.buyPending = true;
    },
    buyClosed(state) {
      state.buyOpen = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(signedIn, (state, action) => {
        if (state.buyPending && BUYING_WALLETS.includes(action.payload)) state.buyOpen = true;
        state.buyPending = false;
      })
      .addCase(signInClosed, (state) => {
        state.buyPending = false;
      })
      .addCase(signedOut, (state) => {
        state.buyOpen = false;
        state.buyPending = false;
      });
  },
});

export const { cartReplaced, buyOpened, buyClosed } = cartSlice.actions;

type CartRoot = { cart: CartState; session: SessionState };
type CartThunk = ThunkAction<void, CartRoot, unknown, UnknownAction>;

function replaceCart(next: string[]): CartThunk {
  return (dispatch, getState) => {
    const current = getState().cart.hashes;
    if (next.length === current.length && next.every((hash, index) => hash === current[index])) return;
    storeCart(next);
    dispatch(cartReplaced(next));
  };
}

/** Puts `hash` into the cart (nothing when it is full). */
export function addToCart(hash: string): CartThunk {
  return (dispatch, getState) => {
    dispatch(replaceCart(cartWith(getState().cart.hashes, hash)));
  };
}

/** Takes `hashes` out of the cart. */
export function removeFromCart(hashes: readonly string[]): CartThunk {
  return (dispatch, getState) => {
    dispatch(replaceCart(cartWithout(getState().cart.hashes, hashes)));
  };
}

/**
 * The wallet opening logic for a buy (spec §2): signed in with a buying wallet (leather, unisat, okx), the buy dialog
 * opens with the cart; signed in otherwise (ninja, a pasted signature), the Ninja wallet's frame opens with the
 * cart's hashes. Signed out, the sign-in panel opens, and the dialog or the frame follows the sign-in.
 */
export function openBuy(): CartThunk {
  return (dispatch, getState) => {
    const { session, cart } = getState();
    if (isBuyingWallet(session.logged)) {
      dispatch(buyOpened());
      return;
    }
    const frame: WalletFrameRequest = { action: 'buy', tx: [...cart.hashes] };
    if (session.logged) {
      dispatch(walletFrameOpened(frame));
      return;
    }
    dispatch(signInOpened('connect'));
    dispatch(cartSlice.actions.buyPended());
    dispatch(walletFramePended(frame));
  };
}

/** 'Buy now': `hash` into the cart (when there is room), then the buy opens as `openBuy` says. */
export function buyNow(hash: string): CartThunk {
  return (dispatch, getState) => {
    if (!canAddToCart(getState().cart.hashes, hash)) return;
    dispatch(addToCart(hash));
    dispatch(openBuy());
  };
}

/** The store's dispatch, as far as the cart needs it: plain actions and the cart's thunks. */
export type CartDispatch = ThunkDispatch<CartRoot, unknown, UnknownAction>;

/** `useDispatch` typed for the cart's thunks. */
export const useCartDispatch = useDispatch.withTypes<CartDispatch>();

/** The cart state. */
export function useCart(): CartState {
  return useSelector((state: CartRoot) => state.cart);
}

/** Follows the cart other tabs of the site change (the browser's 'storage' event). */
export function useCartStorageSync(): void {
  const dispatch = useDispatch();
  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.key !== CART_KEY && event.key !== null) return;
      dispatch(cartReplaced(parseCart(event.newValue)));
    };
    window.addEventListener('storage', follow);
    return () => {
      window.removeEventListener('storage', follow);
    };
  }, [dispatch]);
}
