/** A form's refusal, announced to assistive technology; nothing while there is none. */
export function FormError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p className="error" role="alert">
      {error}
    </p>
  );
}
