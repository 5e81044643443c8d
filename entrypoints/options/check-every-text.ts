import { plural, t } from '../../utils/i18n/translate';
import { checkEveryMs } from '../../utils/scheduler/check-every';
import {
  alertsLoad,
  type BudgetSettings,
  badgeLoad,
  rankWatchLoad,
  STREAM_KEYS,
  watchlistLoad,
} from './stream-loads';

/**
 * The sentence under "Background requests per hour": how often each watched player is checked,
 * computed by the scheduler's own decisions (utils/scheduler/check-every.ts)
 * with this install's badge settings, so the number is the one the user will get.
 */

/** 12 000 000 → "3 h 20 min"; 90 000 → "2 min"; 20 000 → "20 s" (units from the catalogue). */
export function durationText(ms: number): string {
  if (ms < 60_000) return t('options.duration.seconds', { count: Math.max(1, Math.round(ms / 1000)) });
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return t('options.duration.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0
    ? t('options.duration.hours', { count: hours })
    : t('options.duration.hoursMinutes', { hours, minutes: rest });
}

/** How often each stream is served with this budget: the scheduler's own arithmetic. */
function streamsEvery(settings: BudgetSettings, watched: number, alerts: number) {
  return checkEveryMs({
    budgetPerHour: settings.backgroundRequestsPerHour,
    streams: {
      [STREAM_KEYS.badge]: badgeLoad(settings),
      [STREAM_KEYS.watchlist]: watchlistLoad(watched),
      [STREAM_KEYS.alerts]: alertsLoad(alerts),
      [STREAM_KEYS.rankWatch]: rankWatchLoad(settings, watched),
    },
  });
}

/** "about every 20 min", or "rarely" when the budget leaves it (almost) nothing. */
export function howOften(everyMs: number | null): string {
  return everyMs === null
    ? t('options.background.rarely')
    : t('options.background.aboutEvery', { duration: durationText(everyMs) });
}

/** How long between two checks of one watched player; null when they get (almost) none. */
export function watchedEveryMs(settings: BudgetSettings, watched: number, alerts = 0): number | null {
  return streamsEvery(settings, watched, alerts)[STREAM_KEYS.watchlist]?.itemEveryMs ?? null;
}

export function checkEveryText(
  settings: BudgetSettings,
  watched: number,
  /** Saved searches with an alert: they share the budget too. */
  alerts = 0,
): string {
  const badgeCounts = badgeLoad(settings).demand !== null;
  // Nobody watched: say what the budget is spent on now, not on an imagined list.
  if (watched <= 0) {
    if (!badgeCounts) return t('options.background.noneWatched');
    const badgeEvery = streamsEvery(settings, 0, alerts)[STREAM_KEYS.badge]?.everyMs ?? null;
    return t('options.background.noneWatchedWithBadge', { how: howOften(badgeEvery) });
  }
  const how = howOften(watchedEveryMs(settings, watched, alerts));
  const sentence = badgeCounts ? 'options.background.checkedWithBadge' : 'options.background.checked';
  return plural(sentence, watched, { how });
}
