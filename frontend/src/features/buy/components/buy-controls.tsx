import { useCallback, useState } from 'react';
import { createPortal } from 'react-dom';
import { buyClosed, isBuyingWallet, openBuy, useCart, useCartDispatch, useCartStorageSync } from '@/lib/cart';
import { useSession } from '@/lib/session';
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
          onClick={() => {
            setRefusal(null);
            dispatch(openBuy());
          }}
        >
          Cart ({hashes.length})
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
