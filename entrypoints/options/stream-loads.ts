import type { StreamLoad } from '../../utils/scheduler/check-every';
import {
  BADGE_STREAM,
  type BadgeDemandSettings,
  badgeDemand,
  SAVED_SEARCH_STREAM,
  savedSearchDemand,
  WATCHLIST_STREAM,
  watchlistDemand,
} from '../../utils/scheduler/stream-ids';
import type { Settings } from '../../utils/settings';

/**
 * What each background stream asks of the budget, as the Options page estimates it: the badge's
 * count (when the badge shows it), the watchlist and the saved searches with an alert, in the
 * scheduler's order, by the streams' own demand rules (utils/scheduler/stream-ids.ts). Both
 * sentences about "how often" (check-every-text.ts, alert-checks-text.ts) count every stream, so
 * neither overstates.
 */
export type BadgeLoadSettings = BadgeDemandSettings;

/** What an estimate of the background's pace needs: the budget and what the badge asks of it. */
export type BudgetSettings = Pick<Settings, 'backgroundRequestsPerHour'> & BadgeLoadSettings;

export function budgetSettings(settings: Settings): BudgetSettings {
  const { backgroundRequestsPerHour, badgeEnabled, badgeShows, badgeIntervalSeconds, badgePace } = settings;
  return { backgroundRequestsPerHour, badgeEnabled, badgeShows, badgeIntervalSeconds, badgePace };
}

export function badgeLoad(settings: BadgeLoadSettings): StreamLoad {
  return { demand: badgeDemand(settings) };
}

export function watchlistLoad(watched: number): StreamLoad {
  return { demand: watchlistDemand(watched), items: watched };
}

export function alertsLoad(alerts: number): StreamLoad {
  return { demand: savedSearchDemand(alerts), items: alerts };
}

export const STREAM_KEYS = {
  badge: BADGE_STREAM,
  watchlist: WATCHLIST_STREAM,
  alerts: SAVED_SEARCH_STREAM,
} as const;
