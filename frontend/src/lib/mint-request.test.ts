import { describe, expect, it } from 'vitest';
import { makeTestStore } from '@/testing/render';
import { mintClosed, openMint, type MintRequest } from './mint-request';
import { logIn, logOut, signInClosed } from './session';

const request: MintRequest = { action: 'mint-src20', src20: null };

describe('the wallet opening logic of a mint', () => {
  it('opens the dialog when signed in with a wallet that signs', () => {
    for (const wallet of ['leather', 'unisat', 'okx']) {
      const store = makeTestStore('stamps', wallet);
      store.dispatch(openMint(request));
      expect(store.getState().mint).toEqual({ request, pending: false });
      expect(store.getState().session.signIn).toBeNull();
      store.dispatch(mintClosed());
      expect(store.getState().mint.request).toBeNull();
    }
  });

  it('opens the sign-in panel otherwise, and the dialog after a sign-in with such a wallet', () => {
    const store = makeTestStore('stamps', '');
    store.dispatch(openMint(request));
    expect(store.getState().session.signIn).toBe('connect');
    expect(store.getState().mint).toEqual({ request, pending: true });
    store.dispatch(logIn('unisat'));
    expect(store.getState().mint).toEqual({ request, pending: false });
  });

  it('forgets the mint after a sign-in by a pasted signature, or when the panel closes', () => {
    const pasted = makeTestStore('stamps', 'default');
    pasted.dispatch(openMint(request));
    expect(pasted.getState().session.signIn).toBe('connect');
    pasted.dispatch(logIn('default'));
    expect(pasted.getState().mint).toEqual({ request: null, pending: false });

    const closed = makeTestStore('stamps', '');
    closed.dispatch(openMint(request));
    closed.dispatch(signInClosed());
    expect(closed.getState().mint).toEqual({ request: null, pending: false });
  });

  it('closes the dialog when the session ends', () => {
    const store = makeTestStore('stamps', 'okx');
    store.dispatch(openMint(request));
    store.dispatch(logOut());
    expect(store.getState().mint.request).toBeNull();
  });
});
