import { t } from '@/utils/i18n/translate';
import { RESET_HOURS } from '@/utils/progress/periods';
import { hourLabel } from '@/utils/progress/progress-text';
import { OptionsSection } from '../OptionsSection';
import { SelectField } from '../SelectField';
import { saveSetting } from '../save-setting';
import { useFlashStatus } from '../use-flash-status';

/** When "today" and "this week" start on a player's card (issue 35): a local hour, midnight by default. */
export function ProgressSection({ resetHour }: { resetHour: number }) {
  const [status, showStatus] = useFlashStatus();
  return (
    <OptionsSection name="progress" heading={t('progress.options.heading')} status={status} folded>
      <SelectField
        id="progress-reset-hour"
        label={t('progress.options.resetLabel')}
        value={String(resetHour)}
        choices={RESET_HOURS.map((hour) => ({ value: String(hour), label: hourLabel(hour) }))}
        help={t('progress.options.resetHelp')}
        onChange={(value) => {
          const hour = Number(value);
          if (RESET_HOURS.includes(hour)) saveSetting({ progressResetHour: hour }, showStatus);
        }}
      />
    </OptionsSection>
  );
}
