import { plural, t } from '../../utils/i18n/translate';
import { checkEveryMs, type StreamLoad } from '../../utils/scheduler/check-every';
import { durationText } from './check-every-text';
import { alertsLoad, STREAM_KEYS } from './stream-loads';

/**
 * "How often is each saved search with an alert checked", for the Options page: the scheduler's
 * own estimate (utils/scheduler/check-every.ts) with the saved searches' stream beside `others` (the
 * other streams sharing the budget, in the scheduler's order).
 */

export function alertChecksSentence(
  alerts: number,
  budgetPerHour: number,
  others: Readonly<Record<string, StreamLoad>> = {},
): string {
  if (alerts === 0) {
    return t('options.savedSearches.noAlerts');
  }
  const estimate = checkEveryMs({
    budgetPerHour,
    streams: { ...others, [STREAM_KEYS.alerts]: alertsLoad(alerts) },
  })[STREAM_KEYS.alerts];
  if (!estimate || estimate.itemEveryMs === null) {
    return plural('options.savedSearches.checkedRarely', alerts, { budget: budgetPerHour });
  }
  return plural('options.savedSearches.checkedEvery', alerts, {
    budget: budgetPerHour,
    duration: durationText(estimate.itemEveryMs),
  });
}
