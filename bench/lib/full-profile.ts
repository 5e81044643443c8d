/**
 * The full profile of the "cost as the work grows" figures (bench/figures/full-profile.ts): the
 * most a player can have (200 watched players, 50 saved searches with alerts) and 90 days of
 * history. Pure: what is written, in the formats the extension writes, and how much history 90
 * days make at the cadence the scheduler plans for that profile. Unit tests:
 * tests/unit/bench/full-profile.test.ts.
 */
import { savedSearchDemand } from '../../entrypoints/background/saved-searches/saved-search-stream';
import { DAY_MS, MAX_ITEMS_PER_PRICE_POINT, MINUTE_MS } from '../../utils/history/history-limits';
import { MAX_SAVED_SEARCHES, MAX_WATCHED_PLAYERS } from '../../utils/limits';
import { SAVED_SEARCH_VERSION, SEARCH_KEY_PREFIX } from '../../utils/saved-searches/storage';
import { checkEveryMs } from '../../utils/scheduler/check-every';
import { DEFAULT_BUDGET_PER_HOUR } from '../../utils/scheduler/scheduler-limits';
import { mergeEntry } from '../../utils/storage/synced-entry';
import { WATCH_ITEM_VERSION, WATCH_KEY_PREFIX } from '../../utils/watchlist/watched';

export const FULL_WATCHED = MAX_WATCHED_PLAYERS;
export const FULL_SEARCHES = MAX_SAVED_SEARCHES;
export const HISTORY_DAYS = 90;

/** Chrome's storage.sync quota (chrome.storage.sync.QUOTA_BYTES, MAX_ITEMS). */
export const SYNC_QUOTA_BYTES = 102_400;
export const SYNC_MAX_ITEMS = 512;
/** The figures' budgets: at most half of each, room for what later releases add. */
export const SYNC_BYTES_BUDGET = SYNC_QUOTA_BYTES / 2;
export const SYNC_ITEMS_BUDGET = SYNC_MAX_ITEMS / 2;
/**
 * The history database on disk at the full profile, price points beyond 7 days a day to a row:
 * 9.9 to 22.7 MB measured over three runs (as LevelDB last compacted), 14.2 MB of records by the Options page's
 * estimate. Why 30: bench/README.md.
 */
export const HISTORY_DB_BUDGET_MB = 30;

export interface ProfilePlayer {
  uuid: string;
  name: string;
}

/** A saved search's text, of the lengths players type: an item name and a word or two. */
export function searchText(itemName: string, index: number): string {
  return `${itemName} ${['', 'cheap', 'stack', 'enchanted', 'x64'][index % 5]}`.trim();
}

/** A short id, as `shortId()` makes them (10 hex digits), but reproducible. */
export function searchId(index: number): string {
  return `f${index.toString(16).padStart(9, '0')}`;
}

/**
 * Every storage.sync item of the profile, exactly as the extension writes them: a watch
 * (`addWatched`) is `watch:<uuid>` → `{ name, addedAt, v }`; a saved search (`saveSearch`, then
 * `setSearchAlert`) is `search:<id>` → `{ text, sort, addedAt, v, alertBelow, alertRev }`.
 */
export function fullProfileSyncItems(
  players: readonly ProfilePlayer[],
  searchTexts: readonly string[],
  now: number,
): Record<string, Record<string, unknown>> {
  const items: Record<string, Record<string, unknown>> = {};
  players.forEach((player, index) => {
    items[`${WATCH_KEY_PREFIX}${player.uuid.toLowerCase()}`] = mergeEntry(
      {},
      { name: player.name, addedAt: now - (players.length - index) * MINUTE_MS },
      WATCH_ITEM_VERSION,
    );
  });
  searchTexts.forEach((text, index) => {
    const saved = mergeEntry(
      {},
      { text, sort: 'cheap', addedAt: now - (searchTexts.length - index) * MINUTE_MS },
      SAVED_SEARCH_VERSION,
    );
    items[`${SEARCH_KEY_PREFIX}${searchId(index)}`] = mergeEntry(
      saved,
      { alertBelow: 1_000 + index * 250, alertRev: searchId(1_000 + index) },
      SAVED_SEARCH_VERSION,
    );
  });
  return items;
}

/** What storage.sync counts for `items`: each key plus its value's JSON, in UTF-8 (Chrome's rule). */
export function syncBytes(items: Readonly<Record<string, unknown>>): number {
  const encoder = new TextEncoder();
  let bytes = 0;
  for (const [key, value] of Object.entries(items)) {
    bytes += encoder.encode(key).byteLength + encoder.encode(JSON.stringify(value)).byteLength;
  }
  return bytes;
}

export interface HistoryPlan {
  days: number;
  /** One online count this often (ms). */
  onlineEveryMs: number;
  /** Each watched player checked this often (ms), a snapshot at every check. */
  playerEveryMs: number;
  /** Each saved search checked this often (ms), a price point at every check. */
  searchEveryMs: number;
  /** Items in each price point. */
  itemsPerPoint: number;
}

/**
 * How much history the profile gathers, on the generous side: the online count once a minute
 * (the badge's own interval, as if it had every slot it asks for); each player and each search
 * as often as the scheduler's own decisions (check-every.ts) give them at the default budget,
 * with the badge, 200 watched players and 50 alerts sharing it; every player check a snapshot
 * (something changed each time) and every price point three items.
 */
export function fullProfileHistoryPlan(
  watched = FULL_WATCHED,
  alerts = FULL_SEARCHES,
  budgetPerHour = DEFAULT_BUDGET_PER_HOUR,
): HistoryPlan {
  const estimate = checkEveryMs({
    budgetPerHour,
    streams: {
      badge: { demand: { everyMs: MINUTE_MS } },
      watchlist: { demand: { everyMs: 0 }, items: watched },
      searches: { demand: savedSearchDemand(alerts), items: alerts },
    },
  });
  const { itemEveryMs: playerEveryMs } = estimate.watchlist;
  const { itemEveryMs: searchEveryMs } = estimate.searches;
  if (playerEveryMs === null || searchEveryMs === null)
    throw new Error('The scheduler gives a stream nothing');
  return {
    days: HISTORY_DAYS,
    onlineEveryMs: MINUTE_MS,
    playerEveryMs: Math.round(playerEveryMs),
    searchEveryMs: Math.round(searchEveryMs),
    itemsPerPoint: Math.min(3, MAX_ITEMS_PER_PRICE_POINT),
  };
}

/** The times, oldest first, of records made every `everyMs` over the plan's days up to `now`, staggered by `offset`. */
export function recordTimes(now: number, days: number, everyMs: number, offset = 0): number[] {
  const times: number[] = [];
  const from = now - days * DAY_MS;
  for (let time = from + (offset % everyMs); time < now; time += everyMs) times.push(time);
  return times;
}
