import { CopyButton } from '@/components/ui/copy-button';

/** Whether the browser offers the Web Share API. */
function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/**
 * The detail page's actions: copy link (1-second 'Copied!') and share (the system share sheet where the browser
 * has one, else a post on X). Download is its own control (`StampDownload`); wishlist waits for sign-in.
 */
export function StampActions({ url, title }: { url: string; title: string }) {
  return (
    <div className="stamp-actions" role="group" aria-label="Actions">
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
