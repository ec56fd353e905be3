import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import {
  addToCart,
  buyClosed,
  buyNow,
  canAddToCart,
  CART_LIMIT,
  cartSlice,
  cartWith,
  cartWithout,
  initialCart,
  openBuy,
  parseCart,
  removeFromCart,
  storedCart,
} from './cart';
import { makeTestStore } from '@/testing/render';
import { initialSession, logIn, sessionSlice, signedIn, signedOut, signInClosed } from './session';

const hashes = ['1', '2', '3', '4', '5', '6'].map((digit) => digit.repeat(64));

function cartStore(logged = '', cart: string[] = []) {
  return configureStore({
    reducer: { session: sessionSlice.reducer, cart: cartSlice.reducer },
    preloadedState: { session: { ...initialSession(''), logged }, cart: initialCart(cart) },
  });
}

describe('cart rules', () => {
  it('read the stored list defensively: distinct hashes, at most 5', () => {
    expect(parseCart(JSON.stringify(hashes.slice(0, 2)))).toEqual(hashes.slice(0, 2));
    expect(parseCart(JSON.stringify([...hashes, hashes[0]]))).toEqual(hashes.slice(0, CART_LIMIT));
    expect(parseCart(JSON.stringify(['a', 'a', ' b ', '', 3, null]))).toEqual(['a', 'b']);
    expect(parseCart('{"cart": []}')).toEqual([]);
    expect(parseCart('not json')).toEqual([]);
    expect(parseCart(null)).toEqual([]);
  });

  it('add a hash at the end while the cart holds fewer than 5, once', () => {
    expect(cartWith([], 'a')).toEqual(['a']);
    expect(cartWith(['a'], 'a')).toEqual(['a']);
    expect(cartWith(['a'], ' b ')).toEqual(['a', 'b']);
    expect(cartWith(['a'], '  ')).toEqual(['a']);
    const full = hashes.slice(0, 5);
    expect(cartWith(full, hashes[5] ?? '')).toEqual(full);
    expect(canAddToCart(full, hashes[5] ?? '')).toBe(false);
    expect(canAddToCart(full, hashes[0] ?? '')).toBe(true);
    expect(canAddToCart(hashes.slice(0, 4), hashes[5] ?? '')).toBe(true);
  });

  it('remove hashes', () => {
    expect(cartWithout(['a', 'b', 'c'], ['a', 'c', 'z'])).toEqual(['b']);
  });
});

describe('the cart in the store', () => {
  it("is kept in local storage under 'cart'", () => {
    const store = cartStore();
    store.dispatch(addToCart('a'));
    store.dispatch(addToCart('b'));
    expect(localStorage.getItem('cart')).toBe('["a","b"]');
    store.dispatch(removeFromCart(['a']));
    expect(storedCart()).toEqual(['b']);
    expect(store.getState().cart.hashes).toEqual(['b']);
  });

  it('opens the buy dialog at once for a buying wallet', () => {
    const store = cartStore('okx');
    store.dispatch(buyNow('a'));
    expect(store.getState().cart).toMatchObject({ hashes: ['a'], buyOpen: true, buyPending: false });
    store.dispatch(buyClosed());
    expect(store.getState().cart.buyOpen).toBe(false);
  });

  it('opens the sign-in panel otherwise, then the dialog after a sign-in with a buying wallet', () => {
    const store = cartStore();
    store.dispatch(buyNow('a'));
    expect(store.getState().session.signIn).toBe('connect');
    expect(store.getState().cart).toMatchObject({ buyOpen: false, buyPending: true });
    store.dispatch(signedIn('leather'));
    expect(store.getState().cart).toMatchObject({ buyOpen: true, buyPending: false });
    store.dispatch(signedOut());
    expect(store.getState().cart.buyOpen).toBe(false);
  });

  it("opens the Ninja wallet's frame with the cart when signed in without an extension", () => {
    for (const wallet of ['ninja', 'default']) {
      localStorage.setItem('cart', JSON.stringify(hashes.slice(0, 2)));
      const store = makeTestStore('stamps', wallet);
      store.dispatch(buyNow(hashes[2] ?? ''));
      expect(store.getState().walletFrame.request).toEqual({ action: 'buy', tx: hashes.slice(0, 3) });
      expect(store.getState().cart).toMatchObject({ buyOpen: false, buyPending: false });
      expect(store.getState().session.signIn).toBeNull();
    }
  });

  it('opens the frame after a sign-in without an extension, the dialog after one with', () => {
    for (const wallet of ['ninja', 'default'] as const) {
      const store = makeTestStore();
      store.dispatch(buyNow('a'));
      expect(store.getState().walletFrame.request).toBeNull();
      store.dispatch(logIn(wallet));
      expect(store.getState().walletFrame.request).toEqual({ action: 'buy', tx: ['a'] });
      expect(store.getState().cart).toMatchObject({ buyOpen: false, buyPending: false });
      localStorage.clear();
    }
    const extension = makeTestStore();
    extension.dispatch(buyNow('a'));
    extension.dispatch(logIn('okx'));
    expect(extension.getState().cart.buyOpen).toBe(true);
    expect(extension.getState().walletFrame.request).toBeNull();
  });

  it('forgets the pending buy when the panel closes', () => {
    const store = makeTestStore();
    store.dispatch(openBuy());
    store.dispatch(signInClosed());
    store.dispatch(signedIn('unisat'));
    expect(store.getState().cart.buyOpen).toBe(false);
    const ninja = makeTestStore();
    ninja.dispatch(openBuy());
    ninja.dispatch(signInClosed());
    ninja.dispatch(signedIn('ninja'));
    expect(ninja.getState().walletFrame.request).toBeNull();
  });

  it("does nothing for 'Buy now' of a sixth listing", () => {
    const store = cartStore('unisat', hashes.slice(0, 5));
    store.dispatch(buyNow(hashes[5] ?? ''));
    expect(store.getState().cart).toMatchObject({ hashes: hashes.slice(0, 5), buyOpen: false });
    store.dispatch(buyNow(hashes[0] ?? ''));
    expect(store.getState().cart.buyOpen).toBe(true);
  });
});
