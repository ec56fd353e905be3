import { useOpenSignIn } from '@/lib/session';
import { useCurrentUser, useToggleWishlistMutation } from '@/lib/user-api';

/**
 * The wishlist heart of a detail page: filled when the stamp is on the signed-in user's wishlist. A click toggles it
 * at once (the server's answer confirms or undoes it); signed out, it opens the sign-in panel (spec).
 */
export function WishlistHeart({ cpid }: { cpid: string }) {
  const { user, epoch, logged } = useCurrentUser();
  const openSignIn = useOpenSignIn();
  const [toggle] = useToggleWishlistMutation();
  const listed = user?.wishlist.includes(cpid) ?? false;
  return (
    <button
      type="button"
      className={listed ? 'sort-button wishlist-heart wishlist-heart--on' : 'sort-button wishlist-heart'}
      aria-pressed={logged ? listed : undefined}
      aria-label={listed ? 'Remove from wishlist' : 'Add to wishlist'}
      title={listed ? 'Remove from wishlist' : 'Add to wishlist'}
      disabled={logged && !user}
      onClick={() => {
        if (!logged) {
          openSignIn();
          return;
        }
        void toggle({ cpid, epoch });
      }}
    >
      <span aria-hidden="true">{listed ? '♥' : '♡'}</span>
    </button>
  );
}
