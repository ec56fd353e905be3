import { useCallback, useState } from 'react';
import { createPortal } from 'react-dom';
import { buyClosed, openBuy, useCart, useCartDispatch, useCartStorageSync } from '@/lib/cart';
import { isBuyingWallet, useSession } from '@/lib/session';
import { BuyDialog } from './buy-dialog';

/**
 * The header's cart button (while the cart holds something; it opens the buy as 'Buy now' does), the buy dialog
 * while it is open, and the reasons shown on the page when every listing failed and the dialog closed (spec §8).
 */
export function BuyControls() {
  const dispatch = useCartDispatch();
  const { hashes, buyOpen } = useCart();
  const { logged } = useSession();
  const [refusal, setRefusal] = useState<string | null>(null);
  useCartStorageSync();

  const close = useCallback(() => {
    dispatch(buyClosed());
  }, [dispatch]);
  const refused = useCallback(
    (message: string) => {
      dispatch(buyClosed());
      setRefusal(message);
    },
    [dispatch],
  );

  return (
    <>
      {hashes.length > 0 && (
        <button
          type="button"
          className="button button--ghost buy-cart"
          aria-haspopup="dialog"
          aria-label={`Cart (${String(hashes.length)})`}
          title={`Cart (${String(hashes.length)})`}
          onClick={() => {
            setRefusal(null);
            dispatch(openBuy());
          }}
        >
          <svg className="buy-cart__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 7H6.2"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
            <circle cx="9" cy="19.5" r="1.5" fill="currentColor" />
            <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
          </svg>
          {hashes.length}
        </button>
      )}
      {buyOpen && isBuyingWallet(logged) && <BuyDialog onClose={close} onRefused={refused} />}
      {refusal &&
        createPortal(
          <div className="buy-refusal" role="alert">
            <p className="buy-refusal__text">{refusal}</p>
            <button
              type="button"
              className="modal__close"
              aria-label="Dismiss"
              onClick={() => {
                setRefusal(null);
              }}
            >
              ×
            </button>
          </div>,
          document.body,
        )}
    </>
  );
}
