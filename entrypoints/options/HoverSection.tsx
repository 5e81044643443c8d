import { t } from '../../utils/i18n/translate';
import { DEFAULT_HOVER_DELAY_MS, MAX_HOVER_DELAY_MS, MIN_HOVER_DELAY_MS } from '../../utils/limits';
import { DraftField } from './DraftField';
import { OptionsSection } from './OptionsSection';
import { saveSetting } from './save-setting';
import type { DraftCheck } from './use-draft-field';
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

function checkHoverDelay(text: string): DraftCheck {
  const delay = parseHoverDelay(text);
  return delay === null ? { ok: false, error: hoverDelayMessage() } : { ok: true, text: String(delay) };
}

export interface HoverSectionProps {
  hoverDelayMs: number;
}

/** How long the pointer rests on a username before its player card opens. */
export function HoverSection({ hoverDelayMs }: HoverSectionProps) {
  const [status, showStatus] = useFlashStatus();
  return (
    <OptionsSection name="hover" heading={t('options.hover.heading')} status={status}>
      <DraftField
        id="hover-delay"
        label={t('options.hover.delayLabel')}
        help={t('options.hover.delayHelp', { default: DEFAULT_HOVER_DELAY_MS })}
        unit={t('options.hover.unit')}
        saved={String(hoverDelayMs)}
        check={checkHoverDelay}
        onSave={(text) => saveSetting({ hoverDelayMs: Number(text) }, showStatus)}
        input={{
          type: 'number',
          inputMode: 'numeric',
          min: MIN_HOVER_DELAY_MS,
          max: MAX_HOVER_DELAY_MS,
          step: 50,
        }}
      />
    </OptionsSection>
  );
}
