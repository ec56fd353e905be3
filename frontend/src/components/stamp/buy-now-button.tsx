import { buyNow, canAddToCart, CART_LIMIT, useCart, useCartDispatch } from '@/lib/cart';
import { usePendingItem } from '@/lib/realtime';

/** What the button says while a transaction waiting for its block holds the listing up. */
export const PENDING_LABEL = 'Pending';

type BuyNowButtonProps = {
  /** The dispenser's txid, or the atomic swap's `txid:vout`. */
  txHash: string;
  className?: string;
  /** A listing that cannot be bought (an open dispenser without a lot left): the button shows, disabled. */
  disabled?: boolean;
};

/**
 * 'Buy now': puts the listing into the cart and opens the buy dialog (signed in with a buying wallet) or the sign-in
 * panel. Disabled when the cart already holds 5 other listings (spec). While a transaction waiting for its block
 * leaves nothing to buy (it was just bought or closed: the live value `pending`), it says 'Pending' instead.
 */
export function BuyNowButton({ txHash, className = 'button buy-now', disabled = false }: BuyNowButtonProps) {
  const dispatch = useCartDispatch();
  const { hashes } = useCart();
  const pending = usePendingItem(txHash);
  const full = !canAddToCart(hashes, txHash);
  if (pending) {
    return (
      <button type="button" className={className} disabled title="A purchase waits for its block">
        {PENDING_LABEL}
      </button>
    );
  }
  return (
    <button
      type="button"
      className={className}
      disabled={disabled || full}
      title={full ? `The cart holds ${String(CART_LIMIT)} items` : undefined}
      onClick={() => {
        dispatch(buyNow(txHash));
      }}
    >
      Buy now
    </button>
  );
}
