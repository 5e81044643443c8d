import { SAVED_SEARCH_MIN_INTERVAL_MS } from '../limits';
import type { Settings } from '../settings';
import { COUNT_READ_MAX_MS } from './count-pace';
import type { StreamDemand } from './demand';

/**
 * The background's streams by name, in the scheduler's round-robin order
 * (entrypoints/background/start-background.ts builds them in it), and the rules by which each
 * asks for slots. The streams use these rules, and the Options page estimates with the same
 * ones (check-every.ts), so neither can tell a different story.
 */

export const BADGE_STREAM = 'badge';
export const WATCHLIST_STREAM = 'watchlist';
export const SAVED_SEARCH_STREAM = 'saved-searches';
/** Its demand rule: utils/rank-watch/rank-demand.ts. */
export const RANK_WATCH_STREAM = 'rank-watch';

export const STREAM_ORDER = [BADGE_STREAM, WATCHLIST_STREAM, SAVED_SEARCH_STREAM, RANK_WATCH_STREAM] as const;
export type StreamId = (typeof STREAM_ORDER)[number];

/** `badgePace` absent: the fixed pace (the Options page's estimates know no reading yet). */
export type BadgeDemandSettings = Pick<Settings, 'badgeEnabled' | 'badgeShows' | 'badgeIntervalSeconds'> &
  Partial<Pick<Settings, 'badgePace'>>;

/** In Automatic: the count's last reading (the popup's too) and when count-pace.ts says to read it next. */
export interface BadgeNextRead {
  lastReadAt: number;
  dueAt: number;
  /** The chance the count moved enough to show by now (news.ts `countMoveNews`). */
  news?: number;
}

/**
 * While the badge shows the count (and a connection is saved): in Automatic, the next reading
 * the predictor asks for (`next`); a fixed pace, or Automatic before its first reading, one
 * count per badge interval.
 */
export function badgeDemand(
  settings: BadgeDemandSettings,
  configured = true,
  next?: BadgeNextRead,
): StreamDemand {
  if (!configured || !settings.badgeEnabled || settings.badgeShows !== 'online-count') return null;
  // Its floor: read by COUNT_READ_MAX_MS after the last reading, whatever news another stream brings.
  if (settings.badgePace === 'automatic' && next !== undefined)
    return {
      everyMs: Math.max(0, next.dueAt - next.lastReadAt),
      dueAt: next.dueAt,
      floorAt: next.lastReadAt + COUNT_READ_MAX_MS,
      ...(next.news === undefined ? {} : { news: next.news }),
    };
  return { everyMs: settings.badgeIntervalSeconds * 1000 };
}

/** Every slot it can get while someone is watched: each player once per round. */
export function watchlistDemand(watched: number): StreamDemand {
  return watched > 0 ? { everyMs: 0 } : null;
}

/** Each search with an alert at most every SAVED_SEARCH_MIN_INTERVAL_MS. */
export function savedSearchDemand(alerts: number): StreamDemand {
  return alerts <= 0 ? null : { everyMs: SAVED_SEARCH_MIN_INTERVAL_MS / alerts };
}
