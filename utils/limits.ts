import type { LeaderboardType } from './api/schemas';

/**
 * Every number the extension is bounded by, once: the API's own limits, what a message may
 * carry, the settings' bounds and how long answers are reused. No zod and no runtime import
 * (the one import is a type), so the content script can use it without growing.
 */

// The API's limits (docs/api-spec.md §8): a larger `limit` is capped silently by the server.
export const AUCTION_LIMIT_DEFAULT = 50;
export const AUCTION_LIMIT_MAX = 200;
export const LEADERBOARD_LIMIT_DEFAULT = 10;
export const LEADERBOARD_LIMIT_MAX = 100;

// What a view may put in a message to the background (and the popup keeps between openings).
/** A player name or UUID as typed: a dashed UUID is 36 characters, the rest is slack for spaces. */
export const IDENTIFIER_MAX_LENGTH = 64;
export const AUCTION_QUERY_MAX_LENGTH = 100;
export const BASE_URL_MAX_LENGTH = 2000;
export const API_KEY_MAX_LENGTH = 1000;

// Settings.
/** Chrome refuses shorter alarms for packed extensions, so the badge cannot poll more often. */
export const MIN_ALARM_DELAY_MS = 30_000;
export const MIN_BADGE_INTERVAL_SECONDS = MIN_ALARM_DELAY_MS / 1000;
export const MAX_BADGE_INTERVAL_SECONDS = 60 * 60;
export const DEFAULT_BADGE_INTERVAL_SECONDS = 60;
export const MIN_HOVER_DELAY_MS = 0;
export const MAX_HOVER_DELAY_MS = 3000;
export const DEFAULT_HOVER_DELAY_MS = 300;
export const MAX_FORUM_SITES = 200;
/** A forum site's own username selector. */
export const MAX_SELECTOR_LENGTH = 500;
/** Time units: the one definition (utils/history/history-limits.ts passes them on). */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/**
 * "Background requests per hour" (entrypoints/background/scheduler/): what the extension may ask
 * on its own (badge, watchlist, saved searches). One request per alarm, alarms at least 30 s
 * apart: 120 an hour is the most alarms allow.
 */
export const MIN_BUDGET_PER_HOUR = 6;
export const MAX_BUDGET_PER_HOUR = HOUR_MS / MIN_ALARM_DELAY_MS;
export const DEFAULT_BUDGET_PER_HOUR = 60;
/** Watched players, at most: storage.sync holds 512 items and 100 kB; one item per player. */
export const MAX_WATCHED_PLAYERS = 200;
/** Names kept for the Player tab's suggestions. */
export const MAX_RECENT_PLAYERS = 50;

/*
 * Cache lifetimes: how long the gateway answers from its cache instead of asking the API again.
 *
 * - Leaderboards follow docs/api-spec.md §4.4 and §8: balance and shards refresh about every
 *   45 s on the server, kills about every 5 min, so asking more often only returns the same list.
 * - Players: about 30 s. Stats are refreshed in the background anyway (§3.1) and may lag by
 *   minutes; 30 s keeps the online dot current while absorbing hover-card storms (a forum
 *   thread shows the same name many times). A 404 is cached as long: a name that does not
 *   exist does not start existing within seconds. The hover card's in-page memo uses it too.
 * - Auction search: 10 s. The API gives no refresh interval and listings come and go
 *   (expiry, premium window), so the answer must stay current; 10 s still turns repeated
 *   identical searches (re-opening the popup, switching tabs, a double submit) into one request.
 * - The online count is computed live by the server (§4.5): never cached, only deduplicated
 *   while a request is in flight.
 */
export const PLAYER_LIFETIME_MS = 30_000;
export const AUCTION_LIFETIME_MS = 10_000;
export const LEADERBOARD_LIFETIME_MS: Readonly<Record<LeaderboardType, number>> = {
  balance: 45_000,
  shards: 45_000,
  kills: 5 * 60_000,
};

// Saved auction searches (utils/saved-searches/).
/** Saved searches kept in storage.sync, at most. */
export const MAX_SAVED_SEARCHES = 50;
/** Listing ids remembered per saved search as seen or announced; those seen longest ago go first. */
export const MAX_SEEN_LISTINGS_PER_SEARCH = 1000;
/**
 * A saved search with an alert is checked at most this often in the background (each of N such
 * searches at most every N times the scheduler's share; see saved-search-stream.ts).
 */
export const SAVED_SEARCH_MIN_INTERVAL_MS = 60_000;

// The toolbar badge's count (entrypoints/background/badge/poller.ts).
/** A count younger than this is the popup's answer as it is: opening the popup sends no request. */
export const COUNT_REUSE_MS = 30_000;
/**
 * The count a saved connection's check asked is what the badge slot the save woke would get,
 * when it comes this soon after: that slot shares it. Below the shortest badge interval.
 */
export const COUNT_SHARE_MS = 10_000;

// Tags and notes on players (utils/player-notes/).
/** A tag's label, in characters: a word or two on a chip. */
export const TAG_LABEL_MAX_LENGTH = 24;
/** A note, in characters: 500 of 3-byte UTF-8 is 1.5 kB, well under sync's 8 kB per item. */
export const NOTE_MAX_LENGTH = 500;
/**
 * Notes synced, at most, and the bytes they may take in storage.sync: with the largest watchlist
 * and saved searches (250 items, 41 kB) sync stays under its 512 items and 100 kB. Past either,
 * a note is kept in this browser's storage.local and the user is told (docs/architecture.md).
 */
export const MAX_SYNCED_NOTES = 200;
export const SYNCED_NOTES_MAX_BYTES = 40_000;

// Goals on players' stats (utils/goals/).
/**
 * Goals kept, at most, one synced item each (237 bytes at most): with the largest watchlist, saved
 * searches and notes' share (450 items, 81 kB) sync stays under its 512 items and 100 kB.
 */
export const MAX_GOALS = 25;

// Export and import (utils/backup/).
/** A backup file is refused above this size before it is read: the largest history is a few MB. */
export const MAX_BACKUP_FILE_BYTES = 20 * 1024 * 1024;
