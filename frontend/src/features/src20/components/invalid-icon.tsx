/** The error icon of an invalid SRC-20 operation (decorative: the text beside it, or its label, says Invalid). */
export function InvalidIcon({ label }: { label?: string }) {
  return (
    <svg
      className="invalid-icon"
      viewBox="0 0 16 16"
      width="14"
      height="14"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <circle cx="8" cy="8" r="7" fill="currentColor" />
      <path d="M5.2 5.2l5.6 5.6M10.8 5.2l-5.6 5.6" stroke="#1a1a21" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}
