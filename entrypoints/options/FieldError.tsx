/** The field's error under it, when there is one. */
export function FieldError({ id, error }: { id: string; error: string | null }) {
  return error ? (
    <p id={id} class="field-error">
      {error}
    </p>
  ) : null;
}
