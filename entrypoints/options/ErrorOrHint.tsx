import type { ComponentChildren } from 'preact';
import { FieldError } from './FieldError';
import { Hint } from './Hint';

export interface ErrorOrHintProps {
  /** The field's id: the error is `<field>-error`, the hint `<field>-help`. */
  field: string;
  error: string | null;
  hint: ComponentChildren;
}

/** Under a field: its error while there is one, otherwise its hint (the field points at whichever shows). */
export function ErrorOrHint({ field, error, hint }: ErrorOrHintProps) {
  return error ? (
    <FieldError id={`${field}-error`} error={error} />
  ) : (
    <Hint id={`${field}-help`}>{hint}</Hint>
  );
}

/** The id of what ErrorOrHint shows, for the field's `aria-describedby`. */
export function errorOrHintId(field: string, error: string | null): string {
  return error ? `${field}-error` : `${field}-help`;
}
