import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { removeFromCart, useCartDispatch } from '@/lib/cart';
import { useCurrency } from '@/lib/currency';
import { useWalletOrigin } from '@/lib/origins-api';
import { useBodyScrollLock } from '@/lib/use-body-scroll-lock';
import {
  readWalletFrameMessage,
  useWalletFrame,
  walletFrameClosed,
  walletFrameSigned,
  walletFrameUrl,
  type WalletFrameMessage,
  type WalletFrameRequest,
} from '@/lib/wallet-frame';

type OverlayProps = {
  walletOrigin: string;
  request: WalletFrameRequest;
  onClose: () => void;
  onMessage: (message: WalletFrameMessage) => void;
};

/**
 * One opening of the frame: its URL is computed once (the timestamp is the opening's), the page under it does not
 * scroll, Escape anywhere on the page and the close button close it, and the frame's messages are heard only from
 * the wallet's origin and this frame's window.
 */
function WalletFrameOverlay({ walletOrigin, request, onClose, onMessage }: OverlayProps) {
  const currency = useCurrency();
  const [src] = useState(() => walletFrameUrl(walletOrigin, request, Date.now(), currency));
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  const answer = useRef(onMessage);
  useBodyScrollLock(true);

  useEffect(() => {
    close.current = onClose;
    answer.current = onMessage;
  }, [onClose, onMessage]);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    box.current?.focus();
    return () => {
      previous?.focus();
    };
  }, []);

  useEffect(() => {
    // The frame is the topmost layer: Escape closes it, not the dialog under it.
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      close.current();
    };
    document.addEventListener('keydown', escape, true);
    return () => {
      document.removeEventListener('keydown', escape, true);
    };
  }, []);

  useEffect(() => {
    const listen = (event: MessageEvent<unknown>) => {
      const source = frame.current?.contentWindow;
      if (event.origin !== walletOrigin || !source || event.source !== source) return;
      const message = readWalletFrameMessage(event.data);
      if (!message) return;
      // The frame waits for the stamp to mint: handed over to the wallet's origin only.
      if (message.kind === 'ready') {
        if (request.action === 'mint' && request.file) {
          source.postMessage({ type: 'ninja:mint', file: request.file }, walletOrigin);
        }
        return;
      }
      answer.current(message);
    };
    window.addEventListener('message', listen);
    return () => {
      window.removeEventListener('message', listen);
    };
  }, [walletOrigin, request]);

  return createPortal(
    <div className="wallet-frame">
      <div
        ref={box}
        className="wallet-frame__box"
        role="dialog"
        aria-modal="true"
        aria-label="Ninja wallet"
        tabIndex={-1}
      >
        <div className="wallet-frame__head">
          <span className="wallet-frame__title">Ninja wallet</span>
          <button
            type="button"
            className="modal__close"
            aria-label="Close"
            onClick={() => {
              close.current();
            }}
          >
            ×
          </button>
        </div>
        <iframe ref={frame} className="wallet-frame__frame" title="Ninja wallet" src={src} allow="clipboard-write" />
      </div>
    </div>,
    document.body,
  );
}

/**
 * The Ninja wallet's frame (spec §2, 'Wallet panel'), over everything else, sign-in panel included, while a request
 * is open and `GET /api/origins` names the wallet's origin; a request made while no wallet app is served is dropped.
 * The frame's messages: 'close' closes it, 'remove:{hashes}' takes those hashes out of the cart, and a sign-in's
 * signature closes it and goes to the sign-in panel that opened it.
 */
export function WalletFrame() {
  const dispatch = useCartDispatch();
  const { request, opening } = useWalletFrame();
  const walletOrigin = useWalletOrigin(!request);

  useEffect(() => {
    if (request && walletOrigin === null) dispatch(walletFrameClosed());
  }, [dispatch, request, walletOrigin]);

  if (!request || !walletOrigin) return null;
  return (
    <WalletFrameOverlay
      key={opening}
      walletOrigin={walletOrigin}
      request={request}
      onClose={() => {
        dispatch(walletFrameClosed());
      }}
      onMessage={(message) => {
        switch (message.kind) {
          case 'ready':
            return;
          case 'close':
            dispatch(walletFrameClosed());
            return;
          case 'remove':
            dispatch(removeFromCart(message.hashes));
            return;
          case 'signed':
            dispatch(walletFrameSigned(message.signed));
            return;
        }
      }}
    />
  );
}
