import { LEADERBOARD_TYPES } from '../../utils/api/vocabulary';
import { rankWatchDemand } from '../../utils/rank-watch/rank-demand';
import { EMPTY_RANK_STATE } from '../../utils/rank-watch/rank-state';
import type { StreamLoad } from '../../utils/scheduler/check-every';
import {
  BADGE_STREAM,
  type BadgeDemandSettings,
  badgeDemand,
  RANK_WATCH_STREAM,
  SAVED_SEARCH_STREAM,
  savedSearchDemand,
  WATCHLIST_STREAM,
  watchlistDemand,
} from '../../utils/scheduler/stream-ids';
import type { Settings } from '../../utils/settings';

/**
 * What each background stream asks of the budget, as the Options page estimates it: the badge's
 * count (when the badge shows it), the watchlist, the saved searches with an alert (and watched
 * sellers) and rank watch's boards (when it is on), in the
 * scheduler's order, by the streams' own demand rules (utils/scheduler/stream-ids.ts). Both
 * sentences about "how often" (check-every-text.ts, alert-checks-text.ts) count every stream, so
 * neither overstates.
 */
export type BadgeLoadSettings = BadgeDemandSettings;

/** Rank watch's part: absent counts as off (its default). */
export type RankLoadSettings = Partial<Pick<Settings, 'rankWatch' | 'ownName'>>;

/** What an estimate of the background's pace needs: the budget and what the badge and rank watch ask of it. */
export type BudgetSettings = Pick<Settings, 'backgroundRequestsPerHour'> &
  BadgeLoadSettings &
  RankLoadSettings;

export function budgetSettings(settings: Settings): BudgetSettings {
  const { backgroundRequestsPerHour, badgeEnabled, badgeShows, badgeIntervalSeconds, badgePace } = settings;
  const { rankWatch, ownName } = settings;
  return {
    backgroundRequestsPerHour,
    badgeEnabled,
    badgeShows,
    badgeIntervalSeconds,
    badgePace,
    rankWatch,
    ownName,
  };
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

/**
 * The rank-watch stream's boards, by its own rule (utils/rank-watch/rank-demand.ts) for the own
 * name and the watched players; held steady (no `dueAt`: a never-read state would be due at every
 * slot), as the estimate holds every stream.
 */
export function rankWatchLoad(settings: RankLoadSettings, watched: number): StreamLoad {
  const tracked = watched + ((settings.ownName ?? '') === '' ? 0 : 1);
  const demand = rankWatchDemand({
    enabled: settings.rankWatch ?? false,
    configured: true,
    tracked,
    state: EMPTY_RANK_STATE,
    now: 0,
  });
  return { demand: demand && { everyMs: demand.everyMs }, items: LEADERBOARD_TYPES.length };
}

export const STREAM_KEYS = {
  badge: BADGE_STREAM,
  watchlist: WATCHLIST_STREAM,
  alerts: SAVED_SEARCH_STREAM,
  rankWatch: RANK_WATCH_STREAM,
} as const;
