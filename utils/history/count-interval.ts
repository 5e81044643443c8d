import { browser } from 'wxt/browser';
import { parseCadence, type SchedulerCadence } from '../scheduler/cadence';
import { COUNT_READ_MAX_MS } from '../scheduler/count-pace';
import { SCHEDULER_DEMANDS_KEY } from '../scheduler/kept-demands';
import { BADGE_STREAM } from '../scheduler/stream-ids';
import type { Settings } from '../settings';

/**
 * How often the badge's online counts really come, for the online history's gap rule (gaps.ts):
 * the pace the scheduler planned for the badge's stream (utils/scheduler/cadence.ts), not the
 * badge interval setting. With one watched player at the default budget the badge gets every
 * 2nd slot (about 2 minutes), with a watchlist and an alert every 3rd: calling anything over
 * twice the setting a gap would break the line at every count.
 */

/**
 * The longest the badge's own pace leaves between two counts: its interval when fixed; in
 * Automatic, COUNT_READ_MAX_MS (a quiet count is read only that often, and that is no gap).
 */
export function badgePaceMs(settings: Pick<Settings, 'badgePace' | 'badgeIntervalSeconds'>): number {
  return settings.badgePace === 'automatic' ? COUNT_READ_MAX_MS : settings.badgeIntervalSeconds * 1000;
}

/** The badge's planned pace, never shorter than its setting; the setting when none was kept. */
export function countIntervalMs(cadence: SchedulerCadence | undefined, badgeIntervalMs: number): number {
  const planned = cadence?.everyMs[BADGE_STREAM];
  return typeof planned === 'number' && planned > 0 ? Math.max(planned, badgeIntervalMs) : badgeIntervalMs;
}

/** The cadence from the demands the background keeps in storage.local; undefined when none (or unreadable). */
export async function readCadence(): Promise<SchedulerCadence | undefined> {
  try {
    const stored = await browser.storage.local.get(SCHEDULER_DEMANDS_KEY);
    return parseCadence(stored[SCHEDULER_DEMANDS_KEY]);
  } catch {
    return undefined;
  }
}
