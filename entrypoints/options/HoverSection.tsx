import { useCallback, useState } from 'preact/hooks';
import { StatusMessage } from '../../components/StatusMessage';
import { t } from '../../utils/i18n/translate';
import { DEFAULT_HOVER_DELAY_MS, MAX_HOVER_DELAY_MS, MIN_HOVER_DELAY_MS } from '../../utils/limits';
import { draftInputProps, FieldError } from './draft-input';
import { saveSetting } from './save-setting';
import { useDraft } from './use-draft';
import { useFlashStatus } from './use-flash-status';

/** What the field says when the delay is not a whole number in range. */
export function hoverDelayMessage(): string {
  return t('options.hover.delayInvalid', { min: MIN_HOVER_DELAY_MS, max: MAX_HOVER_DELAY_MS });
}

/** A whole number of milliseconds within the allowed range, or null. */
export function parseHoverDelay(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= MIN_HOVER_DELAY_MS && value <= MAX_HOVER_DELAY_MS ? value : null;
}

export interface HoverSectionProps {
  hoverDelayMs: number;
}

/** How long the pointer rests on a username before its player card opens. */
export function HoverSection({ hoverDelayMs }: HoverSectionProps) {
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useDraft(
    String(hoverDelayMs),
    useCallback(() => setError(null), []),
  );
  const [status, showStatus] = useFlashStatus();

  /** Reads the field itself: a change event can arrive before the last input has re-rendered. */
  function commit(value: string) {
    const delay = parseHoverDelay(value);
    if (delay === null) return setError(hoverDelayMessage());
    setError(null);
    setDraft(String(delay));
    if (delay !== hoverDelayMs) saveSetting({ hoverDelayMs: delay }, showStatus);
  }

  return (
    <section class="options-section" aria-labelledby="hover-heading">
      <h2 id="hover-heading">{t('options.hover.heading')}</h2>
      <div class="field">
        <label for="hover-delay">{t('options.hover.delayLabel')}</label>
        <div class="input-with-unit">
          <input
            id="hover-delay"
            type="number"
            inputMode="numeric"
            min={MIN_HOVER_DELAY_MS}
            max={MAX_HOVER_DELAY_MS}
            step={50}
            {...draftInputProps({
              draft,
              setDraft,
              error,
              setError,
              commit,
              errorId: 'hover-delay-error',
              helpId: 'hover-delay-help',
            })}
          />
          <span class="unit" aria-hidden="true">
            {t('options.hover.unit')}
          </span>
        </div>
        <FieldError id="hover-delay-error" error={error} />
        <p id="hover-delay-help" class="hint">
          {t('options.hover.delayHelp', { default: DEFAULT_HOVER_DELAY_MS })}
        </p>
      </div>
      <StatusMessage status={status} id="hover-status" />
    </section>
  );
}
