import { useEffect, useRef, useState } from 'preact/hooks';

/**
 * The text in a field that edits a stored value: starts as the value, follows it when it
 * changes elsewhere (another tab), and is otherwise left to the user. `onReset` runs when an
 * outside change replaced the draft (to clear an error shown for the old draft).
 */
export function useDraft(value: string, onReset?: () => void): [string, (draft: string) => void] {
  const [draft, setDraft] = useState(value);
  const last = useRef(value);
  useEffect(() => {
    if (last.current === value) return;
    last.current = value;
    setDraft(value);
    onReset?.();
  }, [value, onReset]);
  return [draft, setDraft];
}
