import { t } from '../../utils/i18n/translate';
import { FLOOR_EVERY } from '../../utils/scheduler/watch-floor';
import { checkEveryMs } from '../background/scheduler/check-every';
import { durationText, EXAMPLE_WATCHED } from './check-every-text';
import { alertsLoad, type BudgetSettings, badgeLoad, STREAM_KEYS, watchlistLoad } from './stream-loads';

/**
 * The sentence after "each is checked about every…": whom the watchlist's checks go to (players
 * who usually play at this hour, by the habits this browser learned: utils/scheduler/) and the
 * floor, every player at least every FLOOR_EVERY round-robin turns, computed as the other sentence
 * is (check-every.ts) for this install's badge and list. Empty when the list is rarely checked.
 */
export function habitsText(settings: BudgetSettings, watched: number, alerts = 0): string {
  const players = watched > 0 ? watched : EXAMPLE_WATCHED;
  const every = checkEveryMs({
    budgetPerHour: settings.backgroundRequestsPerHour,
    streams: {
      [STREAM_KEYS.badge]: badgeLoad(settings),
      [STREAM_KEYS.watchlist]: watchlistLoad(players),
      [STREAM_KEYS.alerts]: alertsLoad(alerts),
    },
  });
  const itemEveryMs = every[STREAM_KEYS.watchlist]?.itemEveryMs ?? null;
  return itemEveryMs === null
    ? ''
    : t('options.background.habits', { duration: durationText(itemEveryMs * FLOOR_EVERY) });
}
