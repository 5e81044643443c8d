import { formatNumber } from '../../utils/format';
import { t } from '../../utils/i18n/translate';
import { REMINDER_MINUTES_CHOICES } from '../../utils/reminders/reminder-limits';
import { OptionsSection } from './OptionsSection';
import { SelectField } from './SelectField';
import { saveSetting } from './save-setting';
import { useFlashStatus } from './use-flash-status';

/** The choices, with a value saved that is not one of them (a newer release's) kept selectable. */
export function reminderMinuteChoices(saved: number): number[] {
  const choices: number[] = [...REMINDER_MINUTES_CHOICES];
  return choices.includes(saved) ? choices : [...choices, saved].sort((a, b) => a - b);
}

/** "Remind me N minutes before an auction ends" (Ending-soon reminders, issue 34). */
export function RemindersSection({ reminderMinutes }: { reminderMinutes: number }) {
  const [status, showStatus] = useFlashStatus();
  return (
    <OptionsSection name="reminders" heading={t('reminders.options.heading')} status={status}>
      <SelectField
        id="reminder-minutes"
        label={t('reminders.options.minutesLabel')}
        value={String(reminderMinutes)}
        choices={reminderMinuteChoices(reminderMinutes).map((minutes) => ({
          value: String(minutes),
          label: t('reminders.options.minutesChoice', { minutes: formatNumber(minutes) }),
        }))}
        help={t('reminders.options.minutesHelp')}
        onChange={(value) => saveSetting({ reminderMinutes: Number(value) }, showStatus)}
      />
    </OptionsSection>
  );
}
