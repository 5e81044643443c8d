import type { browser } from 'wxt/browser';
import { z } from 'zod/mini';
import { createExclusive } from '@/utils/exclusive';
import { t } from '../i18n/translate';
import { MAX_WATCHED_PLAYERS } from '../limits';
import { DASHED_UUID_PATTERN, GAME_NAME_PATTERN } from '../patterns';
import { mergeEntry, quotaOf, syncArea } from '../storage/synced-entry';

/**
 * The players the user watches: their list, so in `storage.sync` (it follows them across their
 * browsers). One sync item per player, `watch:<uuid>`, so that two browsers adding players at
 * once merge instead of overwriting one list, and no item nears sync's 8 kB per item. Keyed by
 * UUID, so a rename keeps the player. Only the user's own actions (watch, unwatch) write here:
 * the name is the one seen when watched, the latest one seen is this browser's status
 * (utils/watchlist/status.ts). At most MAX_WATCHED_PLAYERS (sync holds 512 items and 100 kB in
 * all).
 *
 * Each item carries its schema version `v` (absent: 1, as releases before versions wrote it);
 * fields this release does not know are kept on every write (utils/storage/synced-entry.ts), and
 * an item it cannot read is left alone: not listed, never rewritten, still counted.
 */

export const WATCH_KEY_PREFIX = 'watch:';
/** The item format's version (`{ v, name, addedAt }`). */
export const WATCH_ITEM_VERSION = 1;

/** The fields this release reads; others are kept (a loose parse). */
const WatchedItemSchema = z.looseObject({
  name: z.string().check(z.regex(GAME_NAME_PATTERN)),
  addedAt: z.number(),
});

export interface WatchedPlayer {
  /** Dashed, lower-case. */
  uuid: string;
  /** The latest name seen. */
  name: string;
  addedAt: number;
}

export type WatchResult = { ok: true } | { ok: false; reason: 'full' };

export { watchlistFullMessage } from './watch-text';

type SyncArea = Pick<typeof browser.storage.sync, 'get' | 'set' | 'remove'>;

export function watchKey(uuid: string): string {
  return `${WATCH_KEY_PREFIX}${uuid.toLowerCase()}`;
}

export function isUuid(text: string): boolean {
  return DASHED_UUID_PATTERN.test(text);
}

function isWatchKey(key: string): boolean {
  return key.startsWith(WATCH_KEY_PREFIX) && isUuid(key.slice(WATCH_KEY_PREFIX.length));
}

/** The stored items → the watched players, oldest first; unreadable items are left out (and kept). */
export function parseWatched(items: Record<string, unknown>): WatchedPlayer[] {
  const players: WatchedPlayer[] = [];
  for (const [key, value] of Object.entries(items)) {
    if (!isWatchKey(key)) continue;
    const parsed = WatchedItemSchema.safeParse(value);
    if (!parsed.success) continue;
    players.push({
      uuid: key.slice(WATCH_KEY_PREFIX.length),
      name: parsed.data.name,
      addedAt: parsed.data.addedAt,
    });
  }
  return players.sort((a, b) => a.addedAt - b.addedAt || a.uuid.localeCompare(b.uuid));
}

/**
 * Changes to the list run one at a time in this script: a check of the count and the write after
 * it must not interleave with another change (two watches at 199 would both pass the limit).
 */
const oneAtATime = createExclusive();

export async function getWatched(area: SyncArea = syncArea()): Promise<WatchedPlayer[]> {
  return parseWatched(await area.get(null));
}

/** Whether these sync items watch the player: the one test, for the background and the popup's card. */
export function watchedIn(items: Record<string, unknown>, uuid: string): boolean {
  return WatchedItemSchema.safeParse(items[watchKey(uuid)]).success;
}

export async function isWatched(uuid: string, area: SyncArea = syncArea()): Promise<boolean> {
  return watchedIn(await area.get(watchKey(uuid)), uuid);
}

/** Watch a player (again: keeps when it was added, takes the new name). Refused past the maximum. */
export function addWatched(
  player: { uuid: string; name: string },
  now: number,
  area: SyncArea = syncArea(),
): Promise<WatchResult> {
  return oneAtATime(async () => {
    const items = await area.get(null);
    const key = watchKey(player.uuid);
    const stored = items[key];
    // Every watch item counts, readable or not: each takes its room in sync.
    const count = Object.keys(items).filter(isWatchKey).length;
    if (stored === undefined && count >= MAX_WATCHED_PLAYERS) return { ok: false, reason: 'full' };
    const parsed = WatchedItemSchema.safeParse(stored);
    // A newer release's item this one cannot read: the player is on the list, leave it as it is.
    if (stored !== undefined && !parsed.success) return { ok: true };
    const addedAt = parsed.success ? parsed.data.addedAt : now;
    await area.set({ [key]: mergeEntry(stored, { name: player.name, addedAt }, WATCH_ITEM_VERSION) });
    return { ok: true };
  });
}

export function removeWatched(uuid: string, area: SyncArea = syncArea()): Promise<void> {
  return oneAtATime(() => area.remove(watchKey(uuid)));
}

/** What to tell the user when sync refused a watch or unwatch; undefined: not a quota, the error stands. */
export function watchRefusedMessage(error: unknown): string | undefined {
  const quota = quotaOf(error);
  return quota && t(quota === 'rate' ? 'common.watch.tooFast' : 'common.watch.noRoom');
}
