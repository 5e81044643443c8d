import type { ComponentChildren, InputHTMLAttributes, Ref } from 'preact';
import { ErrorOrHint, errorOrHintId } from './ErrorOrHint';

export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  /** Shown under the field in place of its hint; typing clears it (`setError(null)`). */
  error: string | null;
  setError: (error: null) => void;
  /** Under the field while there is no error, pointed at by it as `<id>-help`. */
  hint: string;
  onText: (text: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** A button beside the input (the form's submit, say). */
  button?: ComponentChildren;
  /** More that describes the field, after its error or hint: its ids go in `describedBy`. */
  children?: ComponentChildren;
  describedBy?: readonly string[];
  /** The input's own attributes: type, inputMode, placeholder, disabled… */
  input: InputHTMLAttributes<HTMLInputElement>;
}

/** A labelled text field in a form, checked on submit: under it, its error or its hint. */
export function TextField(props: TextFieldProps) {
  const {
    id,
    label,
    value,
    error,
    setError,
    hint,
    onText,
    inputRef,
    button,
    children,
    describedBy = [],
  } = props;
  const box = (
    <input
      ref={inputRef}
      id={id}
      {...props.input}
      value={value}
      aria-invalid={error ? 'true' : undefined}
      aria-describedby={[errorOrHintId(id, error), ...describedBy].join(' ')}
      onInput={(event) => {
        onText(event.currentTarget.value);
        setError(null);
      }}
    />
  );
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {button === undefined ? (
        box
      ) : (
        <div class="input-with-button">
          {box}
          {button}
        </div>
      )}
      <ErrorOrHint field={id} error={error} hint={hint} />
      {children}
    </div>
  );
}
