import { describe, expect, it } from 'vitest';
import { makeTestStore } from '@/testing/render';
import type { Collection } from './collection';
import {
  mintClosed,
  mintFrameRequest,
  openMint,
  type FairmintTerms,
  type MintRequest,
  type Src20MintTerms,
} from './mint-request';
import { logIn, logOut, signInClosed } from './session';

const request: MintRequest = { action: 'mint-src20', src20: null };

const pepe: Src20MintTerms = {
  tick: 'PEPE',
  limit: '1000',
  max: '21000000',
  decimals: 18,
  progress: '12.5',
  royalties: null,
};

const fairminter: FairmintTerms = {
  cpid: 'A95428956661682177',
  asset_longname: null,
  divisible: true,
  status: 'open',
  price: '0',
  quantity_by_price: '1',
  hard_cap: '0',
  max_mint_per_tx: '0',
  premint_quantity: '0',
  earned_quantity: '0',
};

const collection = { collection_id: 'c0ffee', name: 'Pixels' } as Collection;

const withData: MintRequest[] = [
  { action: 'fairmint', fairminter },
  { action: 'mint-src20', src20: pepe },
  { action: 'mint-launchpad', collection },
];

describe('the wallet opening logic of a mint', () => {
  it('opens the dialog when signed in with a wallet that signs', () => {
    for (const wallet of ['leather', 'unisat', 'okx']) {
      const store = makeTestStore('stamps', wallet);
      store.dispatch(openMint(request));
      expect(store.getState().mint).toEqual({ request, pending: false });
      expect(store.getState().session.signIn).toBeNull();
      expect(store.getState().walletFrame.request).toBeNull();
      store.dispatch(mintClosed());
      expect(store.getState().mint.request).toBeNull();
    }
  });

  it("opens the Ninja wallet's frame when signed in otherwise, with the asset, tick or collection as cpid", () => {
    for (const wallet of ['ninja', 'default']) {
      const store = makeTestStore('stamps', wallet);
      store.dispatch(openMint({ action: 'fairmint', fairminter }));
      expect(store.getState().walletFrame.request).toEqual({ action: 'fairmint', cpid: 'A95428956661682177' });
      store.dispatch(openMint({ action: 'mint-src20', src20: pepe }));
      expect(store.getState().walletFrame.request).toEqual({ action: 'mint-src20', cpid: 'PEPE' });
      store.dispatch(openMint({ action: 'mint-launchpad', collection }));
      expect(store.getState().walletFrame.request).toEqual({ action: 'mint-launchpad', cpid: 'c0ffee' });
      expect(store.getState().mint.request).toBeNull();
      expect(store.getState().session.signIn).toBeNull();
    }
  });

  it('opens the dialog saying the data is missing instead, whatever the wallet', () => {
    for (const missing of [request, { action: 'mint-launchpad', collection: null } as const]) {
      const store = makeTestStore('stamps', 'ninja');
      store.dispatch(openMint(missing));
      expect(store.getState().mint).toEqual({ request: missing, pending: false });
      expect(store.getState().walletFrame.request).toBeNull();
    }
  });

  it('opens the sign-in panel when signed out, and the dialog after a sign-in with a wallet that signs', () => {
    const store = makeTestStore('stamps', '');
    store.dispatch(openMint(request));
    expect(store.getState().session.signIn).toBe('connect');
    expect(store.getState().mint).toEqual({ request, pending: true });
    store.dispatch(logIn('unisat'));
    expect(store.getState().mint).toEqual({ request, pending: false });
    expect(store.getState().walletFrame.request).toBeNull();
  });

  it('opens the frame after another sign-in, or the dialog when the data is missing', () => {
    for (const wallet of ['ninja', 'default'] as const) {
      const store = makeTestStore('stamps', '');
      store.dispatch(openMint({ action: 'mint-src20', src20: pepe }));
      expect(store.getState().walletFrame.request).toBeNull();
      store.dispatch(logIn(wallet));
      expect(store.getState().walletFrame.request).toEqual({ action: 'mint-src20', cpid: 'PEPE' });
      expect(store.getState().mint).toEqual({ request: null, pending: false });

      const missing = makeTestStore('stamps', '');
      missing.dispatch(openMint(request));
      missing.dispatch(logIn(wallet));
      expect(missing.getState().mint).toEqual({ request, pending: false });
      expect(missing.getState().walletFrame.request).toBeNull();
    }
  });

  it('forgets the mint when the panel closes', () => {
    const closed = makeTestStore('stamps', '');
    closed.dispatch(openMint({ action: 'mint-launchpad', collection }));
    closed.dispatch(signInClosed());
    expect(closed.getState().mint).toEqual({ request: null, pending: false });
    closed.dispatch(logIn('ninja'));
    expect(closed.getState().walletFrame.request).toBeNull();
  });

  it('closes the dialog when the session ends', () => {
    const store = makeTestStore('stamps', 'okx');
    store.dispatch(openMint(request));
    store.dispatch(logOut());
    expect(store.getState().mint.request).toBeNull();
  });
});

describe("a mint's frame request", () => {
  it('is null only for an SRC-20 without its tick or a launchpad without its collection', () => {
    expect(withData.map(mintFrameRequest)).toEqual([
      { action: 'fairmint', cpid: 'A95428956661682177' },
      { action: 'mint-src20', cpid: 'PEPE' },
      { action: 'mint-launchpad', cpid: 'c0ffee' },
    ]);
    expect(mintFrameRequest({ action: 'mint-src20', src20: { ...pepe, tick: '' } })).toBeNull();
    expect(mintFrameRequest(request)).toBeNull();
    expect(mintFrameRequest({ action: 'mint-launchpad', collection: { ...collection, collection_id: '' } })).toBeNull();
    expect(mintFrameRequest({ action: 'mint-launchpad', collection: null })).toBeNull();
  });
});
