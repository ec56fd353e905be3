import { useRef, useState, type ReactNode } from 'react';

type AsyncButtonProps = {
  /** The action; the button shows a spinner and ignores clicks until its promise settles. */
  onClick: () => Promise<unknown>;
  children: ReactNode;
  className?: string;
  type?: 'button' | 'submit';
  disabled?: boolean;
  'aria-label'?: string;
};

/**
 * A button with an asynchronous action (spec): while the action is pending it shows a spinner, says it is busy,
 * and repeat clicks do nothing.
 */
export function AsyncButton({
  onClick,
  children,
  className = 'button',
  type = 'button',
  disabled = false,
  'aria-label': ariaLabel,
}: AsyncButtonProps) {
  const [pending, setPending] = useState(false);
  // The state updates after the render; a second click in the same tick must see the first.
  const running = useRef(false);
  return (
    <button
      type={type}
      className={pending ? `${className} async-button--pending` : className}
      disabled={disabled}
      aria-busy={pending}
      aria-label={ariaLabel}
      onClick={(event) => {
        event.preventDefault();
        if (running.current) return;
        running.current = true;
        setPending(true);
        void onClick()
          .catch(() => undefined)
          .finally(() => {
            running.current = false;
            setPending(false);
          });
      }}
    >
      {pending && <span className="spinner spinner--inline" aria-hidden="true" />}
      {children}
    </button>
  );
}
