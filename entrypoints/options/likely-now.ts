import { t } from '../../utils/i18n/translate';
import type { SchedulerCadence } from '../../utils/scheduler/cadence';
import { type Habits, loginRates } from '../../utils/scheduler/habits';
import { WATCHLIST_STREAM } from '../../utils/scheduler/stream-ids';
import { FLOOR_EVERY } from '../../utils/scheduler/watch-floor';
import { durationText } from './check-every-text';

/**
 * The second half of "what it does" (issue 37): how often the watched players who usually play
 * at this hour are checked. A player usually plays now when the learned login rate of this hour
 * is at least LIKELY_FACTOR × their mean hour's (habits.ts). The watchlist's checks not taken by
 * the floor's turn (at least FLOOR_EVERY − 1 in FLOOR_EVERY: watch-floor.ts) go by news, to those
 * players first, so each gets about that share of the watchlist's pace (the kept demands'
 * cadence, as the lines above it), never less often than everyone.
 */
export const LIKELY_FACTOR = 2;

/** How many of the players in the model usually play at the hour of `now`. */
export function likelyPlayers(habits: Habits | null, now: number): number {
  if (habits === null) return 0;
  const hour = new Date(now).getUTCHours();
  let likely = 0;
  for (const habit of Object.values(habits.players)) {
    const rates = loginRates(habit, now);
    const mean = rates.reduce((sum, rate) => sum + rate, 0) / 24;
    if (mean > 0 && (rates[hour] as number) >= LIKELY_FACTOR * mean) likely += 1;
  }
  return likely;
}

/** The line, or '' when nobody usually plays now, nobody is watched or the pace is unknown. */
export function likelyNowText(
  cadence: SchedulerCadence | undefined,
  watched: number,
  likely: number,
): string {
  const every = cadence?.everyMs[WATCHLIST_STREAM];
  if (typeof every !== 'number' || every <= 0 || watched <= 0 || likely <= 0) return '';
  const newsShare = (FLOOR_EVERY - 1) / FLOOR_EVERY;
  const ms = Math.min(every * watched, (every * Math.min(likely, watched)) / newsShare);
  return t('newsPace.likelyNow', { duration: durationText(ms) });
}
