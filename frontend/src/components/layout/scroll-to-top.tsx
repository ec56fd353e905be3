import { useEffect, useState } from 'react';
import { throttle } from '@/utils/throttle';

/** The spec's scroll depth past which the button appears, in px. */
export const SCROLL_TOP_THRESHOLD = 250;
/** The spec's throttle of the scroll handler, in ms. */
export const SCROLL_THROTTLE_MS = 50;

/** A button back to the top of the page, shown once the page is scrolled past the threshold. */
export function ScrollToTop() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = throttle(() => {
      setVisible(window.scrollY > SCROLL_TOP_THRESHOLD);
    }, SCROLL_THROTTLE_MS);
    // A page may open already scrolled (restored scroll position).
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      window.removeEventListener('scroll', update);
      update.cancel();
    };
  }, []);

  if (!visible) return null;
  return (
    <button
      type="button"
      className="scroll-top"
      aria-label="Scroll to top"
      onClick={() => {
        window.scrollTo({ top: 0, behavior: 'smooth' });
      }}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M12 19V5m-6 6 6-6 6 6"
        />
      </svg>
    </button>
  );
}
