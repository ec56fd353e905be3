/** A loading notice for a block whose data is on its way. */
export function Loading({ label = 'Loading...' }: { label?: string }) {
  return (
    <p className="status" role="status">
      <span className="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

/** A failure notice with the spec's text. */
export function ErrorNotice({ message }: { message: string }) {
  return (
    <p className="status status--error" role="alert">
      {message}
    </p>
  );
}
