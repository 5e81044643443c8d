import { plural, t } from '../../utils/i18n/translate';
import { checkEveryMs } from '../../utils/scheduler/check-every';
import { alertsLoad, type BudgetSettings, badgeLoad, STREAM_KEYS, watchlistLoad } from './stream-loads';

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

/** With no one watched, the sentence is about this many (a typical list). */
export const EXAMPLE_WATCHED = 20;

export function checkEveryText(
  settings: BudgetSettings,
  watched: number,
  /** Saved searches with an alert: they share the budget too. */
  alerts = 0,
): string {
  const players = watched > 0 ? watched : EXAMPLE_WATCHED;
  const badgeCounts = badgeLoad(settings).demand !== null;
  const every = checkEveryMs({
    budgetPerHour: settings.backgroundRequestsPerHour,
    streams: {
      [STREAM_KEYS.badge]: badgeLoad(settings),
      [STREAM_KEYS.watchlist]: watchlistLoad(players),
      [STREAM_KEYS.alerts]: alertsLoad(alerts),
    },
  });
  const itemEveryMs = every[STREAM_KEYS.watchlist]?.itemEveryMs ?? null;
  const how =
    itemEveryMs === null
      ? t('options.background.rarely')
      : t('options.background.aboutEvery', { duration: durationText(itemEveryMs) });
  const sentence =
    watched > 0
      ? badgeCounts
        ? 'options.background.checkedWithBadge'
        : 'options.background.checked'
      : badgeCounts
        ? 'options.background.wouldBeCheckedWithBadge'
        : 'options.background.wouldBeChecked';
  return plural(sentence, players, { how });
}
