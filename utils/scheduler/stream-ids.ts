import { SAVED_SEARCH_MIN_INTERVAL_MS } from '../limits';
import type { Settings } from '../settings';
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

export const STREAM_ORDER = [BADGE_STREAM, WATCHLIST_STREAM, SAVED_SEARCH_STREAM] as const;
export type StreamId = (typeof STREAM_ORDER)[number];

export type BadgeDemandSettings = Pick<Settings, 'badgeEnabled' | 'badgeShows' | 'badgeIntervalSeconds'>;

/** One count per badge interval while the badge shows the count (and a connection is saved). */
export function badgeDemand(settings: BadgeDemandSettings, configured = true): StreamDemand {
  if (!configured || !settings.badgeEnabled || settings.badgeShows !== 'online-count') return null;
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
