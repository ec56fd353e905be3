import { describe, expect, it } from 'vitest';
import { makeTestStore } from '@/testing/render';
import { logIn, logOut, signInClosed } from './session';
import {
  openStampMint,
  openWalletFrame,
  readWalletFrameMessage,
  stampMintRequest,
  walletFrameClosed,
  walletFrameEnd,
  walletFrameOpened,
  walletFramePended,
  walletFrameSigned,
  walletFrameUrl,
} from './wallet-frame';

const WALLET = 'http://127.0.0.1:8081';
const NOW = 1_700_000_000_000;
const signed = {
  address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  message: 'Sign in\nNonce: 1',
  signature: 'H+s=',
};

describe("the frame's URL", () => {
  it('holds the action, then tx, cpid and purpose when given, then the timestamp', () => {
    expect(walletFrameUrl(WALLET, { action: 'buy', tx: ['a'.repeat(64), 'b'.repeat(64) + ':0'] }, NOW)).toBe(
      `${WALLET}/?action=buy&tx=${'a'.repeat(64)}%2C${'b'.repeat(64)}%3A0&timestamp=${String(NOW)}`,
    );
    expect(walletFrameUrl(WALLET, { action: 'mint-src20', cpid: 'PEPE' }, NOW)).toBe(
      `${WALLET}/?action=mint-src20&cpid=PEPE&timestamp=${String(NOW)}`,
    );
    expect(walletFrameUrl(WALLET, { action: 'sign-in', purpose: 'link' }, NOW)).toBe(
      `${WALLET}/?action=sign-in&purpose=link&timestamp=${String(NOW)}`,
    );
  });

  it('reads back as the request', () => {
    const url = new URL(
      walletFrameUrl(
        WALLET,
        { action: 'fairmint', tx: ['x', 'y'], cpid: 'A95428956661682177', purpose: 'connect' },
        NOW,
      ),
    );
    expect(url.origin).toBe(WALLET);
    expect(url.pathname).toBe('/');
    expect([...url.searchParams.keys()]).toEqual(['action', 'tx', 'cpid', 'purpose', 'timestamp']);
    expect(url.searchParams.get('tx')?.split(',')).toEqual(['x', 'y']);
    expect(url.searchParams.get('cpid')).toBe('A95428956661682177');
    expect(Number(url.searchParams.get('timestamp'))).toBe(NOW);
  });
});

describe("the frame's messages", () => {
  it("read 'close' and 'remove:{hashes}'", () => {
    expect(readWalletFrameMessage('close')).toEqual({ kind: 'close' });
    expect(readWalletFrameMessage('remove:a,b:1')).toEqual({ kind: 'remove', hashes: ['a', 'b:1'] });
    expect(readWalletFrameMessage('remove: a ,,')).toEqual({ kind: 'remove', hashes: ['a'] });
    expect(readWalletFrameMessage('remove:')).toBeNull();
    expect(readWalletFrameMessage('Close')).toBeNull();
    expect(readWalletFrameMessage('closed')).toBeNull();
  });

  it("read a sign-in's signature with its three strings", () => {
    expect(readWalletFrameMessage({ type: 'ninja:signed', ...signed })).toEqual({ kind: 'signed', signed });
    expect(readWalletFrameMessage({ type: 'ninja:signed', ...signed, extra: 1 })).toEqual({ kind: 'signed', signed });
    expect(readWalletFrameMessage({ ...signed })).toBeNull();
    expect(readWalletFrameMessage({ type: 'ninja:signed', ...signed, signature: 7 })).toBeNull();
    expect(readWalletFrameMessage({ type: 'ninja:signed', ...signed, address: ' ' })).toBeNull();
    expect(readWalletFrameMessage({ type: 'ninja:signed', address: 'a', message: 'm' })).toBeNull();
  });

  it('read nothing else', () => {
    for (const data of [null, undefined, 1, true, ['close'], { type: 'close' }]) {
      expect(readWalletFrameMessage(data)).toBeNull();
    }
  });
});

describe('the frame in the store', () => {
  it('opens with a request, counting the openings, and closes', () => {
    const store = makeTestStore('stamps', 'ninja');
    expect(store.dispatch(openWalletFrame({ action: 'buy', tx: ['a'] }))).toBe(1);
    expect(store.getState().walletFrame).toMatchObject({ request: { action: 'buy', tx: ['a'] }, opening: 1 });
    store.dispatch(walletFrameClosed());
    expect(store.getState().walletFrame).toMatchObject({ request: null, opening: 1 });
    expect(store.dispatch(openWalletFrame({ action: 'mint' }))).toBe(2);
  });

  it('takes a signature only for a sign-in, and closes then', () => {
    const store = makeTestStore('stamps', 'ninja');
    store.dispatch(walletFrameOpened({ action: 'buy', tx: ['a'] }));
    store.dispatch(walletFrameSigned(signed));
    expect(store.getState().walletFrame).toMatchObject({ request: { action: 'buy' }, signed: null });
    store.dispatch(walletFrameOpened({ action: 'sign-in', purpose: 'link' }));
    store.dispatch(walletFrameSigned(signed));
    expect(store.getState().walletFrame).toMatchObject({ request: null, signed });
  });

  it('opens the request pended while signed out after a sign-in without an extension', () => {
    for (const wallet of ['ninja', 'default'] as const) {
      const store = makeTestStore('stamps', '');
      store.dispatch(walletFramePended({ action: 'buy', tx: ['a'] }));
      store.dispatch(logIn(wallet));
      expect(store.getState().walletFrame).toMatchObject({ request: { action: 'buy', tx: ['a'] }, pending: null });
    }
  });

  it('forgets the pended request after a sign-in with an extension, or when the panel closes', () => {
    const extension = makeTestStore('stamps', '');
    extension.dispatch(walletFramePended({ action: 'fairmint', cpid: 'A1' }));
    extension.dispatch(logIn('leather'));
    expect(extension.getState().walletFrame).toMatchObject({ request: null, pending: null });

    const closed = makeTestStore('stamps', '');
    closed.dispatch(walletFramePended({ action: 'fairmint', cpid: 'A1' }));
    closed.dispatch(signInClosed());
    closed.dispatch(logIn('ninja'));
    expect(closed.getState().walletFrame).toMatchObject({ request: null, pending: null });
  });

  it('closes a sign-in with the sign-in panel, and any opening when the session ends', () => {
    const store = makeTestStore('stamps', '');
    store.dispatch(walletFrameOpened({ action: 'sign-in', purpose: 'connect' }));
    store.dispatch(signInClosed());
    expect(store.getState().walletFrame.request).toBeNull();

    const buying = makeTestStore('stamps', 'ninja');
    buying.dispatch(walletFrameOpened({ action: 'buy', tx: ['a'] }));
    buying.dispatch(signInClosed());
    expect(buying.getState().walletFrame.request).toEqual({ action: 'buy', tx: ['a'] });
    buying.dispatch(logOut());
    expect(buying.getState().walletFrame.request).toBeNull();
  });
});

describe('the end of an opening', () => {
  it('resolves with the signature the frame handed over', async () => {
    const store = makeTestStore();
    const { ended } = walletFrameEnd(store, store.dispatch(openWalletFrame({ action: 'sign-in', purpose: 'connect' })));
    store.dispatch(walletFrameSigned(signed));
    await expect(ended).resolves.toEqual(signed);
  });

  it('resolves with null when the frame closes, another opening replaces it, or the wait is cancelled', async () => {
    const store = makeTestStore();
    const closed = walletFrameEnd(store, store.dispatch(openWalletFrame({ action: 'sign-in', purpose: 'connect' })));
    store.dispatch(walletFrameClosed());
    await expect(closed.ended).resolves.toBeNull();

    const replaced = walletFrameEnd(store, store.dispatch(openWalletFrame({ action: 'sign-in', purpose: 'connect' })));
    store.dispatch(walletFrameOpened({ action: 'sign-in', purpose: 'link' }));
    store.dispatch(walletFrameSigned(signed));
    await expect(replaced.ended).resolves.toBeNull();

    const cancelled = walletFrameEnd(store, store.dispatch(openWalletFrame({ action: 'sign-in', purpose: 'connect' })));
    cancelled.cancel();
    await expect(cancelled.ended).resolves.toBeNull();
    expect(store.getState().walletFrame.request).not.toBeNull();
  });
});

describe("a new stamp's mint", () => {
  const bytes = new TextEncoder().encode('{"p":"src-721","op":"deploy","name":"ñ"}');

  it('carries the file in base64, its exact bytes, and never in the URL', () => {
    const request = stampMintRequest(bytes);
    expect(request.action).toBe('mint');
    expect(Array.from(atob(request.file ?? ''), (char) => char.charCodeAt(0))).toEqual(Array.from(bytes));
    expect(walletFrameUrl('http://127.0.0.1:8081', request, 1)).toBe('http://127.0.0.1:8081/?action=mint&timestamp=1');
  });

  it('opens the frame when signed in with any wallet; signed out, after the sign-in', () => {
    const extension = makeTestStore('stamps', 'unisat');
    extension.dispatch(openStampMint(bytes));
    expect(extension.getState().walletFrame.request).toEqual(stampMintRequest(bytes));

    const visitor = makeTestStore('stamps', '');
    visitor.dispatch(openStampMint(bytes));
    expect(visitor.getState().walletFrame).toMatchObject({ request: null, pending: stampMintRequest(bytes) });
    expect(visitor.getState().session.signIn).not.toBeNull();
    visitor.dispatch(logIn('leather'));
    expect(visitor.getState().walletFrame).toMatchObject({ request: stampMintRequest(bytes), pending: null });
  });

  it("reads the frame's 'ready'", () => {
    expect(readWalletFrameMessage('ready')).toEqual({ kind: 'ready' });
  });
});
