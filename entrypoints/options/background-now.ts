import { plural, t } from '../../utils/i18n/translate';
import type { SchedulerCadence } from '../../utils/scheduler/cadence';
import type { SchedulerState } from '../../utils/scheduler/scheduler-state';
import { recentSends } from '../../utils/scheduler/slots';
import { BADGE_STREAM, SAVED_SEARCH_STREAM, WATCHLIST_STREAM } from '../../utils/scheduler/stream-ids';
import { durationText } from './check-every-text';

/**
 * "The budget in plain sight": what the background did and plans now, in words, from what the
 * scheduler keeps in storage.local (its state and its cadence, utils/scheduler/): the requests of
 * the last hour against the budget, when the next is due (its alarm), and how often each stream
 * is served now, the badge's real pace included. Pure; use-background-now.ts reads the inputs.
 */

export interface BackgroundNow {
  /** The scheduler's state; undefined before its first run (or unreadable). */
  state: SchedulerState | undefined;
  /** How often each stream is served at the current demands; undefined before it was kept. */
  cadence: SchedulerCadence | undefined;
  /** When the scheduler's alarm fires next; undefined when none is set (nothing to do, or away). */
  nextAt: number | undefined;
}

/** "12 background requests in the last hour, of 60 allowed." */
export function usedText(state: SchedulerState | undefined, budgetPerHour: number, now: number): string {
  const sent = state ? recentSends(state.sendLog, now).length : 0;
  return plural('options.background.usedLastHour', sent, { budget: budgetPerHour });
}

/** When the next background request may go out, or why none is planned. */
export function nextText(nextAt: number | undefined, now: number): string {
  if (nextAt === undefined) return t('options.background.nextNone');
  if (nextAt <= now) return t('options.background.nextSoon');
  return t('options.background.nextIn', { duration: durationText(nextAt - now) });
}

/**
 * One line per stream served now: the badge's count, each watched player (`watched` of them share
 * the watchlist's requests), each saved search with an alert. Streams with nothing to do are left
 * out; none at all before the background kept a cadence.
 */
export function cadenceLines(
  cadence: SchedulerCadence | undefined,
  counts: { watched: number; alerts: number; badgeAutomatic?: boolean },
): string[] {
  if (!cadence) return [];
  const every = (id: string) => {
    const ms = cadence.everyMs[id];
    return typeof ms === 'number' && ms > 0 ? ms : null;
  };
  const lines: string[] = [];
  const badge = every(BADGE_STREAM);
  // In Automatic, the pace kept is the predictor's for the count's last reading (count-pace.ts).
  const badgeKey = counts.badgeAutomatic
    ? 'options.background.badgeNowAutomatic'
    : 'options.background.badgeNow';
  if (badge !== null) lines.push(t(badgeKey, { duration: durationText(badge) }));
  const watchlist = every(WATCHLIST_STREAM);
  if (watchlist !== null && counts.watched > 0)
    lines.push(t('options.background.watchedNow', { duration: durationText(watchlist * counts.watched) }));
  const alerts = every(SAVED_SEARCH_STREAM);
  if (alerts !== null && counts.alerts > 0)
    lines.push(t('options.background.alertsNow', { duration: durationText(alerts * counts.alerts) }));
  return lines;
}
