import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from '@/lib/api';
import { cartSlice, initialCart, storedCart } from '@/lib/cart';
import { mintSlice } from '@/lib/mint-request';
import { initialSession, sessionSlice } from '@/lib/session';
import { initialSiteVariant, sessionStore, siteSlice } from '@/lib/site-variant';
import { walletFrameSlice } from '@/lib/wallet-frame';

const rootReducer = combineSlices(api, siteSlice, sessionSlice, cartSlice, mintSlice, walletFrameSlice);

/** The whole Redux state: server data in the RTK Query cache, UI state in slices. */
export type RootState = ReturnType<typeof rootReducer>;

/** Builds the Redux store, optionally starting from `preloadedState`. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
}

/**
 * The app's store; the site variant starts from the URL's `?site=` or the session's earlier choice, and the
 * sign-in state from the 'logged' cookie, the cart from local storage.
 */
export const store = makeStore({
  site: { variant: initialSiteVariant(window.location.search, sessionStore()) },
  session: initialSession(document.cookie),
  cart: initialCart(storedCart()),
});

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
