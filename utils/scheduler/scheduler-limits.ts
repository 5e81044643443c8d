import { z } from 'zod/mini';
import { DEFAULT_BUDGET_PER_HOUR, MAX_BUDGET_PER_HOUR, MIN_BUDGET_PER_HOUR } from '../limits';

/**
 * The background request budget: how many requests the extension may send per hour on its own
 * (badge, watchlist, saved searches), and the timing limits the scheduler works within. Requests
 * the user asks for (popup, options page, hover cards) are not counted.
 */

// The budget's bounds are settings bounds, so they live with the others in utils/limits.ts.
export {
  DEFAULT_BUDGET_PER_HOUR,
  HOUR_MS,
  MAX_BUDGET_PER_HOUR,
  MIN_ALARM_DELAY_MS,
  MIN_BUDGET_PER_HOUR,
} from '../limits';

/** The "Background requests per hour" setting, as stored. */
export const BudgetPerHourSchema = z.int().check(z.gte(MIN_BUDGET_PER_HOUR), z.lte(MAX_BUDGET_PER_HOUR));

/** A budget as the scheduler uses it: whole, within bounds; anything unusable is the default. */
export function clampBudget(budgetPerHour: number): number {
  if (!Number.isFinite(budgetPerHour)) return DEFAULT_BUDGET_PER_HOUR;
  return Math.min(MAX_BUDGET_PER_HOUR, Math.max(MIN_BUDGET_PER_HOUR, Math.round(budgetPerHour)));
}

/**
 * How late (after its planned time) an alarm may fire and still count as that slot. Slots are
 * spaced so that B + 1 of them span an hour plus this, so B sends never fit in an hour even
 * when each is up to this late (alarm delivery and waking the worker take a moment).
 */
export const SLOT_TOLERANCE_MS = 5_000;

/** `chrome.idle` calls the user idle after this long without input. */
export const IDLE_DETECTION_SECONDS = 300;

/** A failing stream waits longer after each failure, up to this (or its own interval, if longer). */
export const MAX_BACKOFF_MS = 5 * 60_000;

/** The one alarm the scheduler uses. */
export const SCHEDULER_ALARM = 'background-requests';
/** Where the scheduler keeps its state (in the store it is given). */
export const SCHEDULER_STATE_KEY = 'scheduler:state';
