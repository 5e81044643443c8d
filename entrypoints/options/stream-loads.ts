import type { Settings } from '../../utils/settings';
import { SAVED_SEARCH_STREAM, savedSearchDemand } from '../background/saved-searches/saved-search-stream';
import type { StreamLoad } from '../background/scheduler/check-every';

/**
 * What each background stream asks of the budget, as the Options page estimates it: the badge's
 * count (when the badge shows it), the watchlist and the saved searches with an alert, in the
 * scheduler's order (entrypoints/background/start-background.ts). Both sentences about "how
 * often" (check-every-text.ts, alert-checks-text.ts) count every stream, so neither overstates.
 */
export type BadgeLoadSettings = Pick<Settings, 'badgeEnabled' | 'badgeShows' | 'badgeIntervalSeconds'>;

/** What an estimate of the background's pace needs: the budget and what the badge asks of it. */
export type BudgetSettings = Pick<Settings, 'backgroundRequestsPerHour'> & BadgeLoadSettings;

export function budgetSettings(settings: Settings): BudgetSettings {
  const { backgroundRequestsPerHour, badgeEnabled, badgeShows, badgeIntervalSeconds } = settings;
  return { backgroundRequestsPerHour, badgeEnabled, badgeShows, badgeIntervalSeconds };
}

export function badgeLoad(settings: BadgeLoadSettings): StreamLoad {
  const counts = settings.badgeEnabled && settings.badgeShows === 'online-count';
  return { demand: counts ? { everyMs: settings.badgeIntervalSeconds * 1000 } : null };
}

export function watchlistLoad(watched: number): StreamLoad {
  return { demand: watched > 0 ? { everyMs: 0 } : null, items: watched };
}

export function alertsLoad(alerts: number): StreamLoad {
  return { demand: savedSearchDemand(alerts), items: alerts };
}

export const STREAM_KEYS = { badge: 'badge', watchlist: 'watchlist', alerts: SAVED_SEARCH_STREAM } as const;
