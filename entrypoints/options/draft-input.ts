import type { TargetedEvent, TargetedKeyboardEvent } from 'preact';
import type { DraftField } from './use-draft-field';

/** The field's state (useDraftField) and the ids of what describes it. */
export interface DraftInputOptions extends DraftField {
  errorId: string;
  /** The field's hint, read after the error. */
  helpId?: string;
}

export interface DraftInputProps {
  value: string;
  'aria-invalid': 'true' | undefined;
  'aria-describedby': string | undefined;
  onInput: (event: TargetedEvent<HTMLInputElement>) => void;
  onChange: (event: TargetedEvent<HTMLInputElement>) => void;
  onKeyDown: (event: TargetedKeyboardEvent<HTMLInputElement>) => void;
}

/**
 * What every options field that edits one stored value does: typing edits the draft and clears
 * the error, leaving the field or pressing Enter commits it, and the error and the hint describe it.
 */
export function draftInputProps(options: DraftInputOptions): DraftInputProps {
  const { draft, setDraft, error, setError, commit, errorId, helpId } = options;
  const describedBy = [error ? errorId : undefined, helpId].filter((id) => id !== undefined).join(' ');
  return {
    value: draft,
    'aria-invalid': error ? 'true' : undefined,
    'aria-describedby': describedBy === '' ? undefined : describedBy,
    onInput: (event) => {
      setDraft(event.currentTarget.value);
      setError(null);
    },
    onChange: (event) => commit(event.currentTarget.value),
    onKeyDown: (event) => {
      if (event.key === 'Enter') commit(event.currentTarget.value);
    },
  };
}
