import { browser } from 'wxt/browser';
import { DAY_MS } from './history-limits';

/**
 * The time retention counts ages from (prune-history.ts), guarded against a clock that jumps
 * forward: deleting is for good, so one prune may move that time at most PRUNE_MAX_STEP_MS past
 * the last one's. A clock set a year ahead for an hour costs at most a day of the oldest rows,
 * not the whole history; after a real absence of weeks the prunes (one an hour at most) catch up
 * a day each. A clock turned back is taken as it is: nothing older is deleted for it.
 */

export const PRUNE_MAX_STEP_MS = DAY_MS;

/** The time the last prune used, in storage.local (it outlives the worker and the session). */
export const RETENTION_CLOCK_KEY = 'history:retentionClock';

/** The time a prune at `now` counts from, given the time the last one used (`last`). */
export function retentionNow(now: number, last: number | undefined): number {
  return last === undefined ? now : Math.min(now, last + PRUNE_MAX_STEP_MS);
}

/** The time the last prune used; undefined when none is kept (or it is unreadable). */
export async function readRetentionClock(): Promise<number | undefined> {
  try {
    const last = (await browser.storage.local.get(RETENTION_CLOCK_KEY))[RETENTION_CLOCK_KEY];
    return typeof last === 'number' && Number.isFinite(last) ? last : undefined;
  } catch {
    return undefined;
  }
}

/** Best effort: without it the next prune is guarded by the one before. */
export async function keepRetentionClock(time: number): Promise<void> {
  await browser.storage.local.set({ [RETENTION_CLOCK_KEY]: time }).catch(() => undefined);
}
