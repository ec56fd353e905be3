import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useBodyScrollLock } from '@/lib/use-body-scroll-lock';

type ModalProps = {
  /** The dialog's heading. */
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** 'drawer': a panel along the window's right edge instead of a centred box. */
  variant?: 'dialog' | 'drawer';
  /** 'alertdialog' for a question that needs an answer (a confirmation). */
  role?: 'dialog' | 'alertdialog';
};

/**
 * A modal dialog over the page: a backdrop that closes it when clicked, Escape closes it too, focus moves into it
 * when it opens and back to where it was when it closes, and the page does not scroll behind it. It is drawn at the
 * end of the document's body, so that no ancestor (the sticky header's backdrop filter, say) confines it.
 */
export function Modal({ title, onClose, children, variant = 'dialog', role = 'dialog' }: ModalProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useBodyScrollLock(true);

  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    box.current?.focus();
    return () => {
      previous?.focus();
    };
  }, []);

  return createPortal(
    <div
      className={`modal modal--${variant}`}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close.current();
      }}
    >
      <div
        ref={box}
        className="modal__box"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          // The innermost dialog answers: a confirmation over the drawer closes alone.
          event.stopPropagation();
          close.current();
        }}
      >
        <div className="modal__head">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
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
        {children}
      </div>
    </div>,
    document.body,
  );
}
