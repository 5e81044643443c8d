import { formatNumber } from '../../utils/format';
import { t } from '../../utils/i18n/translate';
import { DEFAULT_BUDGET_PER_HOUR } from '../../utils/limits';
import { howOften, watchedEveryMs } from './check-every-text';
import type { BudgetSettings } from './stream-loads';
import type { BackgroundCounts } from './use-background-counts';

/**
 * One choice of "Background requests per hour" in plain words: the budget and what it means
 * for the player's own list ("60 an hour: every watched player checked about every 20 min"),
 * computed as the scheduler would with this install's badge and alerts, so a badge that
 * refreshes often shows its cost in every choice rather than silently.
 */
export function budgetChoiceLabel(
  perHour: number,
  settings: BudgetSettings,
  /** null until read; no one watched: the bare budget (there is no cadence to give). */
  counts: BackgroundCounts | null,
): string {
  const count = formatNumber(perHour);
  const choice =
    counts === null || counts.watched <= 0
      ? t('options.background.choice', { count })
      : t('options.background.choiceEvery', {
          count,
          how: howOften(
            watchedEveryMs(
              { ...settings, backgroundRequestsPerHour: perHour },
              counts.watched,
              counts.alerts,
            ),
          ),
        });
  return perHour === DEFAULT_BUDGET_PER_HOUR ? t('options.background.defaultMark', { choice }) : choice;
}
