import { browser } from 'wxt/browser';
import { z } from 'zod/mini';
import { MAX_WATCHED_PLAYERS } from '../limits';
import { DASHED_UUID_PATTERN, GAME_NAME_PATTERN } from '../patterns';

/**
 * The players the user watches: their list, so in `storage.sync` (it follows them across their
 * browsers). One sync item per player, `watch:<uuid>`, so that two browsers adding players at
 * once merge instead of overwriting one list, and no item nears sync's 8 kB per item. Keyed by
 * UUID, so a rename keeps the player; the name is the latest one seen. At most
 * MAX_WATCHED_PLAYERS (sync holds 512 items and 100 kB in all).
 */

export const WATCH_KEY_PREFIX = 'watch:';

const WatchedItemSchema = z.object({
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
const syncArea = (): SyncArea => browser.storage.sync;

export function watchKey(uuid: string): string {
  return `${WATCH_KEY_PREFIX}${uuid.toLowerCase()}`;
}

export function isUuid(text: string): boolean {
  return DASHED_UUID_PATTERN.test(text);
}

/** The stored items → the watched players, oldest first; unreadable items are left out. */
export function parseWatched(items: Record<string, unknown>): WatchedPlayer[] {
  const players: WatchedPlayer[] = [];
  for (const [key, value] of Object.entries(items)) {
    if (!key.startsWith(WATCH_KEY_PREFIX)) continue;
    const uuid = key.slice(WATCH_KEY_PREFIX.length);
    const parsed = WatchedItemSchema.safeParse(value);
    if (!isUuid(uuid) || !parsed.success) continue;
    players.push({ uuid, ...parsed.data });
  }
  return players.sort((a, b) => a.addedAt - b.addedAt || a.uuid.localeCompare(b.uuid));
}

export async function getWatched(area: SyncArea = syncArea()): Promise<WatchedPlayer[]> {
  return parseWatched(await area.get(null));
}

export async function isWatched(uuid: string, area: SyncArea = syncArea()): Promise<boolean> {
  const key = watchKey(uuid);
  return WatchedItemSchema.safeParse((await area.get(key))[key]).success;
}

/** Watch a player (again: keeps when it was added, takes the new name). Refused past the maximum. */
export async function addWatched(
  player: { uuid: string; name: string },
  now: number,
  area: SyncArea = syncArea(),
): Promise<WatchResult> {
  const watched = await getWatched(area);
  const uuid = player.uuid.toLowerCase();
  const existing = watched.find((entry) => entry.uuid === uuid);
  if (!existing && watched.length >= MAX_WATCHED_PLAYERS) return { ok: false, reason: 'full' };
  await area.set({ [watchKey(uuid)]: { name: player.name, addedAt: existing?.addedAt ?? now } });
  return { ok: true };
}

export async function removeWatched(uuid: string, area: SyncArea = syncArea()): Promise<void> {
  await area.remove(watchKey(uuid));
}

/** The player's latest name, when they are watched and it changed. */
export async function renameWatched(
  player: { uuid: string; name: string },
  area: SyncArea = syncArea(),
): Promise<void> {
  const key = watchKey(player.uuid);
  const parsed = WatchedItemSchema.safeParse((await area.get(key))[key]);
  if (!parsed.success || parsed.data.name === player.name) return;
  await area.set({ [key]: { ...parsed.data, name: player.name } });
}
