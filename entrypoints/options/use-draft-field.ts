import { useCallback, useState } from 'preact/hooks';
import { useDraft } from './use-draft';

/** A field's text once checked: the text to keep (trimmed, normalised), or what is wrong with it. */
export type DraftCheck = { ok: true; text: string } | { ok: false; error: string };

export interface DraftField {
  draft: string;
  setDraft: (draft: string) => void;
  error: string | null;
  setError: (error: string | null) => void;
  /** Checks the text, shows its error or keeps it, and saves it when it differs from `saved`. */
  commit: (value: string) => void;
}

/**
 * The state of a field that edits one stored value (`saved`, as text): its draft, its error,
 * and the commit that checks the text and saves a changed one. The draft follows `saved` when
 * it changes elsewhere, and that clears the error.
 */
export function useDraftField(
  saved: string,
  check: (text: string) => DraftCheck,
  save: (text: string) => void,
): DraftField {
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useDraft(
    saved,
    useCallback(() => setError(null), []),
  );

  /** Reads the field itself: a change event can arrive before the last input has re-rendered. */
  function commit(value: string) {
    const checked = check(value);
    if (!checked.ok) return setError(checked.error);
    setError(null);
    setDraft(checked.text);
    if (checked.text !== saved) save(checked.text);
  }

  return { draft, setDraft, error, setError, commit };
}
