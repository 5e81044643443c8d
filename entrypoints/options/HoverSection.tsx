import { formatNumber } from '../../utils/format';
import { t } from '../../utils/i18n/translate';
import { DEFAULT_HOVER_DELAY_MS } from '../../utils/limits';
import { OptionsSection } from './OptionsSection';
import { SelectField } from './SelectField';
import { saveSetting } from './save-setting';
import { useFlashStatus } from './use-flash-status';

/** The delays offered, in milliseconds, each with its plain name (the default is Normal). */
export const HOVER_DELAY_CHOICES = [
  [150, 'options.hover.short'],
  [DEFAULT_HOVER_DELAY_MS, 'options.hover.normal'],
  [700, 'options.hover.long'],
  [1500, 'options.hover.veryLong'],
] as const;

/** 300 → "Normal (0.3 s)"; a delay saved before the choices existed (450) → "0.45 s". */
export function hoverDelayLabel(ms: number): string {
  const seconds = formatNumber(ms / 1000);
  const named = HOVER_DELAY_CHOICES.find(([choice]) => choice === ms);
  return named === undefined ? t('options.hover.seconds', { seconds }) : t(named[1], { seconds });
}

export interface HoverSectionProps {
  hoverDelayMs: number;
}

/** How long the pointer rests on a username before its player card opens: a few plain choices. */
export function HoverSection({ hoverDelayMs }: HoverSectionProps) {
  const [status, showStatus] = useFlashStatus();
  const offered: number[] = HOVER_DELAY_CHOICES.map(([ms]) => ms);
  const delays = offered.includes(hoverDelayMs) ? offered : [...offered, hoverDelayMs].sort((a, b) => a - b);
  return (
    <OptionsSection name="hover" heading={t('options.hover.heading')} status={status} folded>
      <SelectField
        id="hover-delay"
        label={t('options.hover.delayLabel')}
        value={String(hoverDelayMs)}
        choices={delays.map((ms) => ({ value: String(ms), label: hoverDelayLabel(ms) }))}
        help={t('options.hover.delayHelp')}
        onChange={(value) => saveSetting({ hoverDelayMs: Number(value) }, showStatus)}
      />
    </OptionsSection>
  );
}
