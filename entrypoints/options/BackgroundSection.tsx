import { formatNumber } from '../../utils/format';
import { t } from '../../utils/i18n/translate';
import { DEFAULT_BUDGET_PER_HOUR, MAX_BUDGET_PER_HOUR, MIN_BUDGET_PER_HOUR } from '../../utils/limits';
import { checkEveryText } from './check-every-text';
import { habitsText } from './habits-text';
import { OptionsSection } from './OptionsSection';
import { SelectField } from './SelectField';
import { saveSetting } from './save-setting';
import type { BudgetSettings } from './stream-loads';
import { useBackgroundCounts } from './use-background-counts';
import { useFlashStatus } from './use-flash-status';

/** The budgets offered (the default among them). */
export const BUDGET_CHOICES = [MIN_BUDGET_PER_HOUR, 12, 30, DEFAULT_BUDGET_PER_HOUR, 90, MAX_BUDGET_PER_HOUR];

export type BackgroundSectionProps = BudgetSettings;

/** "Background requests per hour": everything the extension asks on its own shares it. */
export function BackgroundSection(props: BackgroundSectionProps) {
  const [status, showStatus] = useFlashStatus();
  const counts = useBackgroundCounts();
  const budget = props.backgroundRequestsPerHour;
  const choices = BUDGET_CHOICES.includes(budget)
    ? BUDGET_CHOICES
    : [...BUDGET_CHOICES, budget].sort((a, b) => a - b);
  return (
    <OptionsSection name="background" heading={t('options.background.heading')} status={status}>
      <SelectField
        id="background-budget"
        label={t('options.background.budgetLabel')}
        value={String(budget)}
        choices={choices.map((perHour) => ({
          value: String(perHour),
          label:
            perHour === DEFAULT_BUDGET_PER_HOUR
              ? t('options.background.defaultChoice', { count: perHour })
              : formatNumber(perHour),
        }))}
        help={t('options.background.budgetHelp')}
        describedBy={['background-budget-estimate']}
        onChange={(value) => saveSetting({ backgroundRequestsPerHour: Number(value) }, showStatus)}
      >
        <p id="background-budget-estimate" class="hint" aria-live="polite">
          {counts === null
            ? ''
            : `${checkEveryText(props, counts.watched, counts.alerts)} ${habitsText(props, counts.watched, counts.alerts)}`.trim()}
        </p>
      </SelectField>
    </OptionsSection>
  );
}
