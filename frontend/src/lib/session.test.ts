import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import {
  initialSession,
  isBuyingWallet,
  logIn,
  loggedCookieClearer,
  loggedCookieSetter,
  logOut,
  readLoggedCookie,
  sessionSlice,
  settingsOpened,
  signInOpened,
  walletTypeOf,
} from './session';

function sessionStore(cookies = '') {
  return configureStore({
    reducer: { session: sessionSlice.reducer },
    preloadedState: { session: initialSession(cookies) },
  });
}

describe("the 'logged' cookie", () => {
  it('is read from a cookie string, empty when absent', () => {
    expect(readLoggedCookie('a=1; logged=unisat; b=2')).toBe('unisat');
    expect(readLoggedCookie('logged=')).toBe('');
    expect(readLoggedCookie('a=1; notlogged=okx')).toBe('');
    expect(readLoggedCookie('')).toBe('');
  });

  it('names the wallet type; an unknown non-empty value counts as a pasted signature', () => {
    expect(walletTypeOf('leather')).toBe('leather');
    expect(walletTypeOf('okx')).toBe('okx');
    expect(walletTypeOf('ninja')).toBe('ninja');
    expect(walletTypeOf('default')).toBe('default');
    expect(walletTypeOf('trezor')).toBe('default');
    expect(walletTypeOf('')).toBeNull();
  });

  it('names the buying wallets: leather, unisat and okx, not the Ninja wallet nor a pasted signature', () => {
    expect(['leather', 'unisat', 'okx'].map(isBuyingWallet)).toEqual([true, true, true]);
    expect(['ninja', 'default', 'trezor', ''].map(isBuyingWallet)).toEqual([false, false, false, false]);
  });

  it('is set for the whole site, secure on https, and cleared by expiring it', () => {
    expect(loggedCookieSetter('okx', false)).toMatch(/^logged=okx; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    expect(loggedCookieSetter('okx', true)).toMatch(/; Secure$/);
    expect(loggedCookieClearer()).toBe('logged=; Path=/; Max-Age=0; SameSite=Lax');
  });

  it('starts the page signed in when it holds a wallet type, signed out when empty', () => {
    expect(initialSession('logged=leather').logged).toBe('leather');
    expect(initialSession('logged=ninja').logged).toBe('ninja');
    expect(initialSession('logged=').logged).toBe('');
  });

  it('is written on sign-in and cleared on logout, and the state follows', () => {
    const store = sessionStore();
    store.dispatch(signInOpened('connect'));
    store.dispatch(logIn('unisat'));
    expect(readLoggedCookie(document.cookie)).toBe('unisat');
    expect(store.getState().session).toMatchObject({ logged: 'unisat', epoch: 1, signIn: null });
    store.dispatch(settingsOpened());
    store.dispatch(logOut());
    expect(readLoggedCookie(document.cookie)).toBe('');
    expect(store.getState().session).toMatchObject({ logged: '', settingsOpen: false, signIn: null });
  });

  it('counts sign-ins, so that a new one never shows the user data of an earlier one', () => {
    const store = sessionStore();
    store.dispatch(logIn('okx'));
    store.dispatch(logOut());
    store.dispatch(logIn('ninja'));
    expect(readLoggedCookie(document.cookie)).toBe('ninja');
    expect(store.getState().session.epoch).toBe(2);
  });
});
