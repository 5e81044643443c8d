import { HOUR_MS, SLOT_TOLERANCE_MS } from './scheduler-limits';

/**
 * Slot arithmetic: when background requests may be sent. Slots lie on a per-install grid,
 * `offset + k × gap` (k a whole number, times in ms since the epoch), so that installs with
 * different offsets do not all send in the same second.
 */

/**
 * The time between two slots for a budget of `budgetPerHour`: B + 1 slots span an hour plus
 * SLOT_TOLERANCE_MS, so B sends never fall within one hour even when each is sent up to that late.
 */
export function gapMs(budgetPerHour: number): number {
  return Math.ceil((HOUR_MS + SLOT_TOLERANCE_MS) / budgetPerHour);
}

/** The install's place on the grid: `phase` (0 ≤ phase < 1, chosen once) of a gap. */
export function offsetMs(phase: number, gap: number): number {
  return Math.min(gap - 1, Math.floor(phase * gap));
}

export interface Grid {
  gap: number;
  offset: number;
}

/** The first grid slot at or after `time`. */
export function slotAtOrAfter(time: number, grid: Grid): number {
  return grid.offset + Math.ceil((time - grid.offset) / grid.gap) * grid.gap;
}

/** The last grid slot at or before `time`. */
export function slotAtOrBefore(time: number, grid: Grid): number {
  return grid.offset + Math.floor((time - grid.offset) / grid.gap) * grid.gap;
}

/** The sends that still count against the budget at `now` (those within the last hour), oldest first. */
export function recentSends(log: readonly number[], now: number): number[] {
  const first = log.findIndex((sentAt) => sentAt > now - HOUR_MS);
  return first === -1 ? [] : log.slice(first);
}

/**
 * The earliest time another request may be sent without `budgetPerHour` sends falling in one
 * hour: when the budget-th most recent send is an hour old. -Infinity when the log is not full.
 * `log` is oldest first.
 */
export function windowFreeAt(log: readonly number[], budgetPerHour: number): number {
  if (log.length < budgetPerHour) return Number.NEGATIVE_INFINITY;
  return (log[log.length - budgetPerHour] as number) + HOUR_MS;
}
