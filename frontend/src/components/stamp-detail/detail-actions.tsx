import { useLocation } from 'react-router';
import { BuyNowButton } from '@/components/stamp/buy-now-button';
import { CopyButton } from '@/components/ui/copy-button';
import { WishlistHeart } from './wishlist-heart';

/** Whether the browser offers the Web Share API. */
function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/** The address of the page shown, as shared: this site's origin and the page's path (no query, no fragment). */
export function pageShareUrl(pathname: string, origin: string = window.location.origin): string {
  return new URL(pathname, origin).href;
}

type StampActionsProps = {
  title: string;
  cpid: string;
  /** The listing 'Buy now' buys (a dispenser's txid or an atomic swap's `txid:vout`); no button without one. */
  buyHash?: string | null;
};

/**
 * The detail page's actions, for the page shown: 'Buy now' when the stamp is on sale, the wishlist heart, copy link
 * (1-second 'Copied!') and share (the system share sheet where the browser has one, else a post on X), both with the
 * page's own URL. Download is its own control (`StampDownload`).
 */
export function StampActions({ title, cpid, buyHash }: StampActionsProps) {
  const url = pageShareUrl(useLocation().pathname);
  return (
    <div className="stamp-actions" role="group" aria-label="Actions">
      {buyHash && <BuyNowButton txHash={buyHash} />}
      <WishlistHeart cpid={cpid} />
      <CopyButton text={url} label="Copy link" />
      {canShare() ? (
        <button
          type="button"
          className="sort-button"
          onClick={() => {
            navigator.share({ title, url }).catch(() => undefined);
          }}
        >
          Share
        </button>
      ) : (
        <a
          className="sort-button"
          href={`https://x.com/intent/post?${new URLSearchParams({ text: title, url }).toString()}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Share
        </a>
      )}
    </div>
  );
}
