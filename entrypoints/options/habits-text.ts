import { t } from '../../utils/i18n/translate';
import { FLOOR_EVERY, floorMs } from '../../utils/scheduler/watch-floor';
import { durationText, watchedEveryMs } from './check-every-text';
import type { BudgetSettings } from './stream-loads';

/**
 * The sentence after "each is checked about every…": whom the watchlist's checks go to (players
 * who usually play at this hour, by the habits this browser learned: utils/scheduler/) and the
 * floor, every player at least every floorMs + FLOOR_EVERY round-robin turns (watch-floor.ts),
 * computed as the other sentence is (check-every-text.ts) for this install's badge and list.
 * Empty when nobody is watched or the list is rarely checked.
 */
export function habitsText(settings: BudgetSettings, watched: number, alerts = 0): string {
  if (watched <= 0) return '';
  const itemEveryMs = watchedEveryMs(settings, watched, alerts);
  return itemEveryMs === null
    ? ''
    : t('options.background.habits', {
        duration: durationText(floorMs(watched) + itemEveryMs * FLOOR_EVERY),
      });
}
