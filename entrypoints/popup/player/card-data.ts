import { browser } from 'wxt/browser';
import type { Player } from '@/utils/api/schemas';
import { parseGoals, type StoredGoals } from '@/utils/goals/goal-store';
import type { PlayerSnapshotRow } from '@/utils/history/history-rows';
import { pageHistoryStore } from '@/utils/history/page-history';
import { snapshotChanged, snapshotOfPlayer } from '@/utils/history/player-snapshot';
import { DASHED_UUID_PATTERN } from '@/utils/patterns';
import { NOTE_KEY_PREFIX, noteKey, parseNotes } from '@/utils/player-notes/note-store';
import type { PlayerNote } from '@/utils/player-notes/player-note';
import { RANK_WATCH_KEY, type RankWatchState, readRankState } from '@/utils/rank-watch/rank-state';
import { type Settings, sanitizeSettings } from '@/utils/settings';
import { SETTINGS_STORAGE_KEY } from '@/utils/storage-keys';
import { type PlayerStatus, parseStatuses, WATCH_STATUS_KEY } from '@/utils/watchlist/status';
import { WATCH_KEY_PREFIX, watchedIn } from '@/utils/watchlist/watched';
import { subscribeWatchedSellers } from '../auctions/seller/watched-sellers';
import { preloadStatCharts } from './PlayerHistory';

/**
 * Everything the card's sections read to show a player (issue 35, "one frame"), read at once:
 * the stored part (settings, watched players' statuses, rank watch's record, the goals) in one
 * storage.local and one storage.sync `get`, started with the look-up; once the answer names the
 * player, their snapshots (one IndexedDB request, the database opened with the look-up) and their
 * tag and note (read as the background's `player-note` reads them: the synced item from the sync
 * read, the local one in one `get`) together; watched? is taken from the same sync read
 * (`watchedIn`, the background's own test), not asked. The card's Watch toggle and sections wait
 * for it and render from it in one commit; each still follows later changes itself, and reads on its own when this is
 * missing (the chunk not loaded yet, or storage unreadable).
 * docs/architecture.md, "The player card in one commit".
 */

export interface StoredCardData {
  settings: Settings;
  statuses: Record<string, PlayerStatus>;
  /** rank watch's record, parsed here as it is read, not in the card's commit (BoardPlaces shows it). */
  rank: RankWatchState;
  goals: StoredGoals;
  /** storage.sync as read: the player's note is picked from it once the answer names them. */
  sync: Record<string, unknown>;
}

export interface CardData extends StoredCardData {
  /** The one "now" every section computes with. */
  now: number;
  /** All the player's snapshots, oldest first; undefined when the history could not be read. */
  snapshots: PlayerSnapshotRow[] | undefined;
  /** The Watch toggle's state: the player's watch item in the sync read (`watchedIn`). */
  watched: boolean;
  /** The player's tag and note (null: none, or as the notes take a failed answer). */
  note: PlayerNote | null;
}

/**
 * Opens the history database (idb's open: a task and an IndexedDB round trip) while storage is
 * read, so the player's snapshots read does not pay it after the stored part; a failed open is
 * retried by that read (history-writer.ts).
 */
function openHistoryAhead(): void {
  pageHistoryStore()
    .withDatabase(() => Promise.resolve())
    .catch(() => undefined);
}

/** The part that does not depend on who the player is: read while the look-up is on its way. */
export async function readStoredCardData(): Promise<StoredCardData> {
  // The card's Watch auctions toggle reads the watched sellers once per page: from here on.
  subscribeWatchedSellers(() => undefined)();
  openHistoryAhead();
  const [local, sync] = await Promise.all([
    browser.storage.local.get([SETTINGS_STORAGE_KEY, WATCH_STATUS_KEY, RANK_WATCH_KEY]),
    browser.storage.sync.get(null),
  ]);
  return {
    settings: sanitizeSettings(local[SETTINGS_STORAGE_KEY]),
    statuses: parseStatuses(local[WATCH_STATUS_KEY]),
    rank: readRankState(local[RANK_WATCH_KEY]),
    goals: parseGoals(sync),
    sync,
  };
}

/** The whole card's data for the answered player; rejects when storage cannot be read. */
export function readCardData(player: Player, stored: Promise<StoredCardData>): Promise<CardData> {
  return readCardDataOf(player.uuid, stored);
}

/** The whole card's data for the player with this UUID (the answer's, or one known before it). */
async function readCardDataOf(uuid: string, stored: Promise<StoredCardData>): Promise<CardData> {
  const now = Date.now();
  const key = noteKey(uuid);
  const [base, localNote, snapshots] = await Promise.all([
    stored,
    browser.storage.local.get(key),
    // From 0: the history chart's line opens with the snapshot before its range.
    pageHistoryStore()
      .playerSnapshots(uuid, 0, now)
      .catch(() => undefined),
  ]);
  // From the sync read the card already has: no round trip to a service worker that may be busy.
  const watched = watchedIn(base.sync, uuid);
  // As utils/player-notes/note-store.ts `getNote` reads it for the background.
  const note = parseNotes({ [key]: base.sync[key] }, localNote)[uuid.toLowerCase()] ?? null;
  // Fetched ahead with the sections (lazy-sections.ts); if not yet, not waited for here.
  if (watched) preloadStatCharts().catch(() => undefined);
  return { ...base, now, snapshots, watched, note };
}

/**
 * How long the card waits for its data before it shows its sections anyway, each reading for
 * itself: storage that never answers or a database held by an upgrade elsewhere must not hide
 * the card's sections.
 */
export const CARD_DATA_WAIT_MS = 3000;

/** `read`'s data, or undefined (the sections read their own) when it fails or is not in by `waitMs`. */
function within(read: Promise<CardData>, waitMs: number): Promise<CardData | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), waitMs);
    read.then(
      (data) => {
        clearTimeout(timer);
        resolve(data);
      },
      () => {
        clearTimeout(timer);
        resolve(undefined);
      },
    );
  });
}

/** `value` once the current task has ended (a timer: after its microtasks, Preact's render too). */
const afterThisTask = <T>(value: T): Promise<T> =>
  new Promise((resolve) => setTimeout(() => resolve(value), 0));

/** What the user asked for, as `parseIdentifier` gives it. */
export interface AskedIdentifier {
  kind: 'name' | 'uuid';
  value: string;
}

/**
 * The UUID the answer will name, when it is known before the answer: the query is a UUID, or a
 * name that exactly one player the extension keeps has (case-insensitive: a watched player's
 * status or sync item, a note, a goal). Several players once had that name: none is guessed.
 */
export function knownUuidOf(asked: AskedIdentifier, stored: StoredCardData): string | undefined {
  if (asked.kind === 'uuid') return asked.value.toLowerCase();
  const wanted = asked.value.toLowerCase();
  const found = new Set<string>();
  const take = (uuid: string, name: unknown) => {
    if (typeof name === 'string' && name.toLowerCase() === wanted) found.add(uuid.toLowerCase());
  };
  for (const [uuid, status] of Object.entries(stored.statuses)) take(uuid, status.name);
  for (const goal of stored.goals.goals) take(goal.uuid, goal.name);
  for (const [key, value] of Object.entries(stored.sync)) {
    const uuid = [NOTE_KEY_PREFIX, WATCH_KEY_PREFIX]
      .filter((prefix) => key.startsWith(prefix))
      .map((prefix) => key.slice(prefix.length))
      .find((rest) => DASHED_UUID_PATTERN.test(rest));
    if (uuid !== undefined && typeof value === 'object' && value !== null && 'name' in value)
      take(uuid, value.name);
  }
  return found.size === 1 ? [...found][0] : undefined;
}

/**
 * The card's data read ahead (issue 35, "one frame"): once the stored part is in, the
 * player-dependent part for the UUID the answer will likely name, so the heading and the
 * sections can mount in the answer's one commit.
 */
export interface CardDataAhead {
  /** The data for this answer if it was read ahead, is in and still holds; otherwise undefined. */
  ready(player: Player): CardData | undefined;
  /**
   * `ready`, waiting at most `waitMs` (CARD_AHEAD_WAIT_MS) for a read ahead still on its way for
   * this player; undefined at once when it is for someone else or no one.
   */
  settle(player: Player, waitMs?: number): Promise<CardData | undefined>;
  /** Whether a read ahead may still bring this player's data (the stored part not in yet, or their read on its way). */
  pendingFor(player: Player): boolean;
  /** `readCardData` within `waitMs` (CARD_DATA_WAIT_MS), reusing the read ahead when it is for this player and holds. */
  within(player: Player, waitMs?: number): Promise<CardData | undefined>;
}

/**
 * Whether data read before the answer still holds for it: for a watched player, an answer that
 * differs from their last snapshot makes the background record a new one (history-recorder.ts),
 * which the read ahead could not see; the card then reads after the answer, as before.
 */
function holdsFor(data: AheadData, player: Player): boolean {
  if (data.uuid !== player.uuid.toLowerCase()) return false;
  if (!data.watched || data.snapshots === undefined) return true;
  return !snapshotChanged(data.snapshots.at(-1), snapshotOfPlayer(player, Date.now()));
}

/**
 * How long the answer waits for its player's data read ahead before it shows (behind the
 * look-up's spinner): that read ends some 10–50 ms after a cached answer (bench
 * player-card-progress), and waiting for it puts the heading and every section in one commit and
 * one layout. Longer than this, the heading shows first and the sections follow, as without it.
 * 100 until a full run's bench saw the read outlast it in 4 of 7 looks (bench/README.md).
 */
export const CARD_AHEAD_WAIT_MS = 250;

/** Data read ahead, with the UUID it was read for. */
type AheadData = CardData & { uuid: string };

/** Starts the read ahead for `asked` as soon as `stored` is in (nothing when no UUID is known). */
export function readCardDataAhead(asked: AskedIdentifier, stored: Promise<StoredCardData>): CardDataAhead {
  let settled: AheadData | undefined;
  /** The UUID read for once the stored part is in (null: no one). */
  let guessed: string | null | undefined;
  const readFor = (uuid: string, base: Promise<StoredCardData>) =>
    readCardDataOf(uuid, base).then((data) => {
      settled = { ...data, uuid };
      return settled;
    });
  // A UUID asked for is known at once: its snapshots and note are read beside the stored part.
  const askedUuid = asked.kind === 'uuid' ? asked.value.toLowerCase() : undefined;
  if (askedUuid !== undefined) guessed = askedUuid;
  const ahead =
    askedUuid !== undefined
      ? readFor(askedUuid, stored)
      : stored.then((base) => {
          const uuid = knownUuidOf(asked, base);
          guessed = uuid ?? null;
          return uuid === undefined ? undefined : readFor(uuid, Promise.resolve(base));
        });
  ahead.catch(() => undefined);
  // A fresh "now" for the answer: every section computes with the moment the card shows.
  const forAnswer = ({ uuid: _, ...data }: AheadData): CardData => ({ ...data, now: Date.now() });
  return {
    ready(player) {
      return settled !== undefined && holdsFor(settled, player) ? forAnswer(settled) : undefined;
    },
    pendingFor(player) {
      return settled === undefined && (guessed === undefined || guessed === player.uuid.toLowerCase());
    },
    settle(player, waitMs = CARD_AHEAD_WAIT_MS) {
      const now = this.ready(player);
      if (now !== undefined || settled !== undefined) return Promise.resolve(now);
      if (guessed !== undefined && guessed !== player.uuid.toLowerCase()) return Promise.resolve(undefined);
      const read = ahead.then((data) => {
        if (data === undefined || !holdsFor(data, player)) throw new Error('not read ahead');
        return forAnswer(data);
      });
      // In a task after the one the read ended in, whose IndexedDB callback parsed the rows:
      // the answer's commit then starts a task of its own, not one that has done that already.
      return within(read, waitMs).then(afterThisTask);
    },
    within(player, waitMs = CARD_DATA_WAIT_MS) {
      const read = ahead.then(
        (data) =>
          data !== undefined && holdsFor(data, player) ? forAnswer(data) : readCardData(player, stored),
        () => readCardData(player, stored),
      );
      return within(read, waitMs);
    },
  };
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
