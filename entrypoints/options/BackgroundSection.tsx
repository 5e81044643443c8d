import { failingCheckText } from '../../utils/failing-check-text';
import { t } from '../../utils/i18n/translate';
import { DEFAULT_BUDGET_PER_HOUR, MAX_BUDGET_PER_HOUR, MIN_BUDGET_PER_HOUR } from '../../utils/limits';
import { cadenceLines, nextText, usedText } from './background-now';
import { budgetChoiceLabel } from './budget-choices';
import { checkEveryText } from './check-every-text';
import { habitsText } from './habits-text';
import { LikelyNowLine } from './LikelyNowLine';
import { OptionsSection } from './OptionsSection';
import { SelectField } from './SelectField';
import { saveSetting } from './save-setting';
import type { BudgetSettings } from './stream-loads';
import { useBackgroundCounts } from './use-background-counts';
import { useBackgroundNow } from './use-background-now';
import { useFailingChecks } from './use-failing-checks';
import { useFlashStatus } from './use-flash-status';

/** The budgets offered (the default among them). */
export const BUDGET_CHOICES = [MIN_BUDGET_PER_HOUR, 12, 30, DEFAULT_BUDGET_PER_HOUR, 90, MAX_BUDGET_PER_HOUR];

export type BackgroundSectionProps = BudgetSettings;

/**
 * "Background requests per hour": everything the extension asks on its own shares it. Below the
 * choice, the estimate for this budget, then what the background did and plans now (the requests
 * of the last hour, the next one, how often each stream is served: background-now.ts), and which
 * watched player or saved search keeps failing, why and what to do (use-failing-checks.ts).
 */
export function BackgroundSection(props: BackgroundSectionProps) {
  const [status, showStatus] = useFlashStatus();
  const counts = useBackgroundCounts();
  const current = useBackgroundNow();
  const failing = useFailingChecks();
  const budget = props.backgroundRequestsPerHour;
  const choices = BUDGET_CHOICES.includes(budget)
    ? BUDGET_CHOICES
    : [...BUDGET_CHOICES, budget].sort((a, b) => a - b);
  return (
    <OptionsSection name="background" heading={t('options.background.heading')} status={status} folded>
      <SelectField
        id="background-budget"
        label={t('options.background.budgetLabel')}
        value={String(budget)}
        choices={choices.map((perHour) => ({
          value: String(perHour),
          label: budgetChoiceLabel(perHour, props, counts),
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
      {current === null ? null : (
        <ul class="hint" aria-label={t('options.background.nowLabel')}>
          <li>{usedText(current.background.state, budget, current.now)}</li>
          <li>{nextText(current.background.nextAt, current.now)}</li>
          {cadenceLines(current.background.cadence, {
            ...(counts ?? { watched: 0, alerts: 0 }),
            badgeAutomatic: props.badgePace === 'automatic',
          }).map((line) => (
            <li key={line}>{line}</li>
          ))}
          <LikelyNowLine
            cadence={current.background.cadence}
            watched={counts?.watched ?? 0}
            now={current.now}
          />
        </ul>
      )}
      {failing.checks.length > 0 && (
        <ul class="hint" aria-label={t('options.background.failingLabel')}>
          {failing.checks.map(({ key, subject, failure }) => {
            const { message, action } = failingCheckText(subject, failure, failing.now);
            return <li key={key}>{`${message} ${action}`}</li>;
          })}
        </ul>
      )}
    </OptionsSection>
  );
}
