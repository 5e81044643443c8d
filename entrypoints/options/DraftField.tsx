import type { InputHTMLAttributes } from 'preact';
import { t } from '../../utils/i18n/translate';
import { draftInputProps } from './draft-input';
import { FieldError } from './FieldError';
import { Hint } from './Hint';
import { type DraftCheck, useDraftField } from './use-draft-field';

export interface DraftFieldProps {
  id: string;
  label: string;
  /** Marks the label "(optional)". */
  optional?: boolean;
  /** Under the field, pointed at by it as `<id>-help` (after the error, `<id>-error`). */
  help: string;
  /** A unit shown after the input (not read out: the label says it). */
  unit?: string;
  /** The stored value, as text. */
  saved: string;
  check: (text: string) => DraftCheck;
  /** Store the checked text (only called when it differs from `saved`). */
  onSave: (text: string) => void;
  /** The input's own attributes: type, inputMode, min, max, autoComplete… */
  input: InputHTMLAttributes<HTMLInputElement>;
}

/**
 * A text or number field that edits one stored value: saved on leaving it or on Enter,
 * with its error and its hint under it.
 */
export function DraftField({
  id,
  label,
  optional,
  help,
  unit,
  saved,
  check,
  onSave,
  input,
}: DraftFieldProps) {
  const field = useDraftField(saved, check, onSave);
  const box = (
    <input
      id={id}
      {...input}
      {...draftInputProps({ ...field, errorId: `${id}-error`, helpId: `${id}-help` })}
    />
  );
  return (
    <div class="field">
      <label for={id}>
        {label}
        {optional && ' '}
        {optional && <span class="optional">{t('options.optional')}</span>}
      </label>
      {unit === undefined ? (
        box
      ) : (
        <div class="input-with-unit">
          {box}
          <span class="unit" aria-hidden="true">
            {unit}
          </span>
        </div>
      )}
      <FieldError id={`${id}-error`} error={field.error} />
      <Hint id={`${id}-help`}>{help}</Hint>
    </div>
  );
}
