import { checkEveryMs, type StreamLoad } from '../background/scheduler/check-every';
import { durationText } from './check-every-text';
import { alertsLoad, STREAM_KEYS } from './stream-loads';

/**
 * "How often is each saved search with an alert checked", for the Options page: the scheduler's
 * own estimate (scheduler/check-every.ts) with the saved searches' stream beside `others` (the
 * other streams sharing the budget, in the scheduler's order).
 */

export function alertChecksSentence(
  alerts: number,
  budgetPerHour: number,
  others: Readonly<Record<string, StreamLoad>> = {},
): string {
  if (alerts === 0) {
    return 'No saved search has an alert, so none is checked in the background. Set one under Saved searches in the popup’s Auctions tab.';
  }
  const estimate = checkEveryMs({
    budgetPerHour,
    streams: { ...others, [STREAM_KEYS.alerts]: alertsLoad(alerts) },
  })[STREAM_KEYS.alerts];
  const which =
    alerts === 1
      ? 'Your saved search with an alert is'
      : `Each of your ${alerts} saved searches with an alert is`;
  const budget = `${budgetPerHour} background requests an hour`;
  if (!estimate || estimate.itemEveryMs === null) return `${which} checked rarely with ${budget}.`;
  return `${which} checked about every ${durationText(estimate.itemEveryMs)} with ${budget}. Check now in the popup checks at once.`;
}
