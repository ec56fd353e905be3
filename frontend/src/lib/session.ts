import {
  createSlice,
  type PayloadAction,
  type ThunkAction,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';

/**
 * The signed-in state the browser can see. The session itself is an HttpOnly cookie set by the server; the
 * frontend keeps a readable 'logged' cookie beside it holding the wallet the user signed in with. Empty means
 * signed out. Written after a successful sign-in, cleared on logout or when the user call answers 401.
 */
export const LOGGED_COOKIE = 'logged';

/**
 * The wallets a session can be opened with: 'ninja' is the product's own web wallet (its frame signs), 'default' a
 * signature pasted by hand.
 */
export const WALLET_TYPES = ['leather', 'unisat', 'okx', 'ninja', 'default'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

/**
 * The wallets whose extension signs a purchase or a mint in the page (spec §6: leather, unisat or okx): the buy and
 * mint dialogs open only for these; the other sessions buy and mint in the Ninja wallet's frame.
 */
export const BUYING_WALLETS: readonly WalletType[] = ['leather', 'unisat', 'okx'];

/** How long the browser keeps the 'logged' cookie; the server's session decides before that. */
export const LOGGED_COOKIE_MAX_AGE_SECS = 30 * 24 * 60 * 60;

/** The 'logged' cookie's value in a `document.cookie` string ('' when absent). */
export function readLoggedCookie(cookies: string): string {
  for (const part of cookies.split(';')) {
    const [name = '', ...rest] = part.split('=');
    if (name.trim() !== LOGGED_COOKIE) continue;
    try {
      return decodeURIComponent(rest.join('=').trim());
    } catch {
      return '';
    }
  }
  return '';
}

/** The wallet a 'logged' value names; an unknown non-empty value counts as a signature made elsewhere. */
export function walletTypeOf(logged: string): WalletType | null {
  if (!logged) return null;
  return (WALLET_TYPES as readonly string[]).includes(logged) ? (logged as WalletType) : 'default';
}

/** Whether a 'logged' value names a wallet that signs purchases: the buy dialog opens only for these. */
export function isBuyingWallet(logged: string): boolean {
  const type = walletTypeOf(logged);
  return type !== null && BUYING_WALLETS.includes(type);
}

/** The `document.cookie` assignment that sets 'logged' to `type` (`secure` on an https page). */
export function loggedCookieSetter(type: WalletType, secure: boolean): string {
  const flags = `Path=/; Max-Age=${LOGGED_COOKIE_MAX_AGE_SECS}; SameSite=Lax`;
  return `${LOGGED_COOKIE}=${type}; ${flags}${secure ? '; Secure' : ''}`;
}

/** The `document.cookie` assignment that clears 'logged'. */
export function loggedCookieClearer(): string {
  return `${LOGGED_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

function writeCookie(assignment: string): void {
  try {
    document.cookie = assignment;
  } catch {
    // A browser refusing cookies: the state in memory still holds until the page is reloaded.
  }
}

/** What the sign-in panel is open for: a new session, or adding an address to the signed-in account. */
export type SignInMode = 'connect' | 'link';

/** The session in the Redux UI state. */
export type SessionState = {
  /** The 'logged' cookie's value: the wallet type, '' when signed out. */
  logged: string;
  /** Counts the sign-ins of this page; the user's data is read per sign-in, never from an earlier one. */
  epoch: number;
  /** The sign-in panel, when open. */
  signIn: SignInMode | null;
  /** Whether the settings drawer is open. */
  settingsOpen: boolean;
};

/** The session a page load starts with: signed in when the 'logged' cookie holds something. */
export function initialSession(cookies: string): SessionState {
  return { logged: readLoggedCookie(cookies), epoch: 0, signIn: null, settingsOpen: false };
}

/** The session slice. */
export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSession(''),
  reducers: {
    signedIn(state, action: PayloadAction<WalletType>) {
      state.logged = action.payload;
      state.epoch += 1;
      state.signIn = null;
    },
    signedOut(state) {
      state.logged = '';
      state.signIn = null;
      state.settingsOpen = false;
    },
    signInOpened(state, action: PayloadAction<SignInMode>) {
      state.signIn = action.payload;
      state.settingsOpen = false;
    },
    signInClosed(state) {
      state.signIn = null;
    },
    settingsOpened(state) {
      state.settingsOpen = true;
      state.signIn = null;
    },
    settingsClosed(state) {
      state.settingsOpen = false;
    },
  },
});

export const { signedIn, signedOut, signInOpened, signInClosed, settingsOpened, settingsClosed } = sessionSlice.actions;

type SessionRoot = { session: SessionState };
type SessionThunk = ThunkAction<void, SessionRoot, unknown, UnknownAction>;

/** The store's dispatch, as far as the session needs it: plain actions and the session's thunks. */
export type SessionDispatch = ThunkDispatch<SessionRoot, unknown, UnknownAction>;

/** `useDispatch` typed for the session's thunks. */
export const useSessionDispatch = useDispatch.withTypes<SessionDispatch>();

/** Registers a sign-in: the 'logged' cookie holds the wallet type, and the user's data is read anew. */
export function logIn(type: WalletType): SessionThunk {
  return (dispatch) => {
    writeCookie(loggedCookieSetter(type, window.location.protocol === 'https:'));
    dispatch(signedIn(type));
  };
}

/** Registers the end of the session (logout, or the server no longer knowing it): the cookie is cleared. */
export function logOut(): SessionThunk {
  return (dispatch) => {
    writeCookie(loggedCookieClearer());
    dispatch(signedOut());
  };
}

/** The session state. */
export function useSession(): SessionState {
  return useSelector((state: SessionRoot) => state.session);
}

/** Whether the visitor is signed in (the 'logged' cookie is non-empty). */
export function useLogged(): boolean {
  return useSession().logged !== '';
}

/** Opens the sign-in panel (to connect, or to link another address). */
export function useOpenSignIn(): (mode?: SignInMode) => void {
  const dispatch = useDispatch();
  return (mode = 'connect') => {
    dispatch(signInOpened(mode));
  };
}
