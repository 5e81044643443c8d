import { browser } from 'wxt/browser';
import type { Player } from '@/utils/api/schemas';
import { parseGoals, type StoredGoals } from '@/utils/goals/goal-store';
import type { PlayerSnapshotRow } from '@/utils/history/history-rows';
import { pageHistoryStore } from '@/utils/history/page-history';
import { noteKey, parseNotes } from '@/utils/player-notes/note-store';
import type { PlayerNote } from '@/utils/player-notes/player-note';
import { RANK_WATCH_KEY } from '@/utils/rank-watch/rank-state';
import { type Settings, sanitizeSettings } from '@/utils/settings';
import { SETTINGS_STORAGE_KEY } from '@/utils/storage-keys';
import { type PlayerStatus, parseStatuses, WATCH_STATUS_KEY } from '@/utils/watchlist/status';
import { parseWatched, watchKey } from '@/utils/watchlist/watched';
import { subscribeWatchedSellers } from '../auctions/seller/watched-sellers';
import { preloadStatCharts } from './PlayerHistory';

/**
 * Everything the card's sections read to show a player (issue 35, "one frame"), read at once:
 * the stored part (settings, watched players' statuses, rank watch's record; the synced goals,
 * watched players and notes) in one storage.local and one storage.sync `get`, started with the
 * look-up; the player's snapshots (one IndexedDB request) and their note kept in this browser only
 * once the answer names them. Watched? and the note are read from storage as the background
 * reads them for `watch-state` and `player-note` (the same parsers), not asked: a message each
 * would be two more round trips. The card waits for it and renders every section from it in one
 * commit; each section still follows later changes itself, and reads on its own when this is
 * missing.
 * docs/architecture.md, "The player card in one commit".
 */

export interface StoredCardData {
  settings: Settings;
  statuses: Record<string, PlayerStatus>;
  /** rank watch's record as stored (BoardPlaces parses it). */
  rank: unknown;
  goals: StoredGoals;
  /** storage.sync as read (watched? and the note are picked out once the UUID is known). */
  sync: Record<string, unknown>;
}

export interface CardData extends StoredCardData {
  /** The one "now" every section computes with. */
  now: number;
  /** All the player's snapshots, oldest first; undefined when the history could not be read. */
  snapshots: PlayerSnapshotRow[] | undefined;
  /** The Watch toggle's state. */
  watched: boolean;
  /** The player's tag and note; null: none. */
  note: PlayerNote | null;
}

/** The part that does not depend on who the player is: read while the look-up is on its way. */
export async function readStoredCardData(): Promise<StoredCardData> {
  // The card's Watch auctions toggle reads the watched sellers once per page: from here on.
  subscribeWatchedSellers(() => undefined)();
  const [local, sync] = await Promise.all([
    browser.storage.local.get([SETTINGS_STORAGE_KEY, WATCH_STATUS_KEY, RANK_WATCH_KEY]),
    browser.storage.sync.get(null),
  ]);
  return {
    settings: sanitizeSettings(local[SETTINGS_STORAGE_KEY]),
    statuses: parseStatuses(local[WATCH_STATUS_KEY]),
    rank: local[RANK_WATCH_KEY],
    goals: parseGoals(sync),
    sync,
  };
}

/** The whole card's data for the answered player; rejects when storage cannot be read. */
export async function readCardData(player: Player, stored: Promise<StoredCardData>): Promise<CardData> {
  const now = Date.now();
  const uuid = player.uuid;
  const key = noteKey(uuid);
  const [base, localNote, snapshots] = await Promise.all([
    stored,
    browser.storage.local.get(key),
    // From 0: the history chart's line opens with the snapshot before its range.
    pageHistoryStore()
      .playerSnapshots(uuid, 0, now)
      .catch(() => undefined),
  ]);
  const { sync, ...rest } = base;
  // As utils/watchlist/watched.ts `isWatched` and note-store.ts `getNote` read them.
  const watched = parseWatched({ [watchKey(uuid)]: sync[watchKey(uuid)] }).length > 0;
  // Fetched ahead with the sections (lazy-sections.ts); if not yet, not waited for here.
  if (watched) preloadStatCharts().catch(() => undefined);
  const note = parseNotes({ [key]: sync[key] }, localNote)[uuid.toLowerCase()];
  return { ...rest, sync, now, snapshots, watched, note: note ?? null };
}

/**
 * The rows `snapshotsSince` reads from the database, taken from the player's whole history:
 * those with `since < time <= to`, after the last one at or before `since` and, when that one's
 * stats may lag, the last confirmed one before it (utils/history/history-store.ts).
 */
export function snapshotsSinceOf(
  rows: readonly PlayerSnapshotRow[],
  since: number,
  to: number,
): PlayerSnapshotRow[] {
  const before: PlayerSnapshotRow[] = [];
  for (let index = rows.length - 1; index >= 0; index -= 1) {
    const row = rows[index];
    if (row === undefined || row.time > since) continue;
    if (before.length === 0 || !row.statsMayLag) before.unshift(row);
    if (!row.statsMayLag) break;
  }
  return [...before, ...(since < to ? rows.filter((row) => row.time > since && row.time <= to) : [])];
}

/** The rows `playerSnapshots(uuid, from, to)` reads, from the player's whole history. */
export function snapshotsBetween(
  rows: readonly PlayerSnapshotRow[],
  from: number,
  to: number,
): PlayerSnapshotRow[] {
  return rows.filter((row) => row.time >= from && row.time <= to);
}
