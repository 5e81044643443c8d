import { z } from 'zod/mini';

/**
 * The background request budget: how many requests the extension may send per hour on its own
 * (badge, watchlist, saved searches), and the timing limits the scheduler works within. Requests
 * the user asks for (popup, options page, hover cards) are not counted.
 */

export const HOUR_MS = 3_600_000;

/** Chrome refuses alarms sooner than this for packed extensions (it delays them to 30 s). */
export const MIN_ALARM_DELAY_MS = 30_000;

export const MIN_BUDGET_PER_HOUR = 6;
/** One request per alarm, and alarms are at least 30 s apart: 120 an hour is the most alarms allow. */
export const MAX_BUDGET_PER_HOUR = HOUR_MS / MIN_ALARM_DELAY_MS;
export const DEFAULT_BUDGET_PER_HOUR = 60;

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
