import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Modal } from './modal';

type Question = { message: string; confirmLabel: string };

/**
 * Asks for confirmation before an action: `confirm(message)` opens a dialog and resolves true when the user
 * confirms, false when they cancel or close it. Render `dialog` where the dialog belongs.
 */
export function useConfirm(): {
  confirm: (message: string, confirmLabel?: string) => Promise<boolean>;
  dialog: ReactNode;
} {
  const [question, setQuestion] = useState<Question | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const answer = useCallback((value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setQuestion(null);
  }, []);

  const confirm = useCallback((message: string, confirmLabel = 'Confirm') => {
    // A question still open is answered 'no' by the new one.
    resolver.current?.(false);
    setQuestion({ message, confirmLabel });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const dialog = question ? (
    <Modal
      title="Please confirm"
      role="alertdialog"
      onClose={() => {
        answer(false);
      }}
    >
      <p className="modal__text">{question.message}</p>
      <div className="modal__actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            answer(false);
          }}
        >
          Cancel
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            answer(true);
          }}
        >
          {question.confirmLabel}
        </button>
      </div>
    </Modal>
  ) : null;

  return { confirm, dialog };
}
