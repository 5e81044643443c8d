import { StatusMessage } from '../../components/StatusMessage';
import { formatNumber } from '../../utils/format';
import { t } from '../../utils/i18n/translate';
import { DEFAULT_BUDGET_PER_HOUR, MAX_BUDGET_PER_HOUR, MIN_BUDGET_PER_HOUR } from '../../utils/limits';
import { checkEveryText } from './check-every-text';
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
    <section class="options-section" aria-labelledby="background-heading">
      <h2 id="background-heading">{t('options.background.heading')}</h2>
      <div class="field">
        <label for="background-budget">{t('options.background.budgetLabel')}</label>
        <select
          id="background-budget"
          value={String(budget)}
          aria-describedby="background-budget-help background-budget-estimate"
          onChange={(event) =>
            saveSetting({ backgroundRequestsPerHour: Number(event.currentTarget.value) }, showStatus)
          }
        >
          {choices.map((perHour) => (
            <option key={perHour} value={String(perHour)}>
              {perHour === DEFAULT_BUDGET_PER_HOUR
                ? t('options.background.defaultChoice', { count: perHour })
                : formatNumber(perHour)}
            </option>
          ))}
        </select>
        <p id="background-budget-help" class="hint">
          {t('options.background.budgetHelp')}
        </p>
        <p id="background-budget-estimate" class="hint" aria-live="polite">
          {counts === null ? '' : checkEveryText(props, counts.watched, counts.alerts)}
        </p>
      </div>
      <StatusMessage status={status} id="background-status" />
    </section>
  );
}
