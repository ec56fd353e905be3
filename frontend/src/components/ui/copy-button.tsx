import { useCopyFlash } from '@/lib/use-copy-flash';

type CopyButtonProps = {
  /** What is copied. */
  text: string;
  /** The button's text before copying. */
  label?: string;
  className?: string;
};

/** A button that copies `text` and says 'Copied!' for one second. */
export function CopyButton({ text, label = 'Copy', className = 'sort-button' }: CopyButtonProps) {
  const { copied, copy } = useCopyFlash();
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        void copy(text);
      }}
    >
      <span aria-live="polite">{copied ? 'Copied!' : label}</span>
    </button>
  );
}
