import { SAVED_SEARCH_STREAM, savedSearchDemand } from '../background/saved-searches/saved-search-stream';
import { checkEveryMs, type StreamLoad } from '../background/scheduler/check-every';

/**
 * "How often is each saved search with an alert checked", for the Options page: the scheduler's
 * own estimate (scheduler/check-every.ts) with the saved searches' stream beside `others` (the
 * other streams sharing the budget, in the scheduler's order).
 */

/** 45 s → "45 seconds", 60 s → "1 minute", 3.2 min → "3 minutes", 2.5 h → "3 hours" (rounded, never below 1). */
export function durationText(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${Math.max(1, seconds)} seconds`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

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
    streams: { ...others, [SAVED_SEARCH_STREAM]: { demand: savedSearchDemand(alerts), items: alerts } },
  })[SAVED_SEARCH_STREAM];
  const which =
    alerts === 1
      ? 'Your saved search with an alert is'
      : `Each of your ${alerts} saved searches with an alert is`;
  const budget = `${budgetPerHour} background requests an hour`;
  if (!estimate || estimate.itemEveryMs === null) return `${which} checked rarely with ${budget}.`;
  return `${which} checked about every ${durationText(estimate.itemEveryMs)} with ${budget}. Check now in the popup checks at once.`;
}
