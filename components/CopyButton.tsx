import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../utils/i18n/translate';

export interface CopyButtonProps {
  /** The text put on the clipboard. */
  text: string;
  /** The button's accessible name ("Copy UUID"); it must contain the visible word "Copy". */
  label: string;
  /** Extra class names for the button. */
  class?: string;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** How long the "Copied" confirmation stays. */
const COPIED_FEEDBACK_MS = 2000;

/**
 * A button that copies `text` and says so ("Copied", or "Copy failed" when the clipboard
 * refuses) in a polite live region next to it.
 */
export function CopyButton({ text, label, class: className }: CopyButtonProps) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    timer.current = setTimeout(() => setState('idle'), COPIED_FEEDBACK_MS);
  };

  return (
    <span class={className ? `copy-button ${className}` : 'copy-button'}>
      <button type="button" class="copy-button__button" aria-label={label} onClick={copy}>
        {t('card.copy.button')}
      </button>
      <span class="copy-button__status" role="status">
        {state === 'copied' ? t('card.copy.copied') : state === 'failed' ? t('card.copy.failed') : ''}
      </span>
    </span>
  );
}
