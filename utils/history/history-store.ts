import type { IDBPObjectStore } from 'idb';
import type { z } from 'zod/mini';
import { bucketStart } from './downsample';
import {
  type OnlineCountRow,
  type PlayerSnapshotRow,
  PlayerSnapshotRowSchema,
  type PricePointRow,
  PricePointRowSchema,
} from './history-rows';
import { createHistoryWriter, type HistoryStoreOptions, type HistoryWriter } from './history-writer';
import { countsOfHour } from './online-hours';
import { normalizeUuid } from './player-snapshot';
import { type HistoryDB, STORES, TIME_INDEX } from './schema';

export type { HistoryStoreOptions } from './history-writer';

/**
 * The extension's memory: online counts, watched players' snapshots and saved searches'
 * prices, in the one history database. The writes come from history-writer.ts (all the
 * background needs); this adds the reads and the clearing the pages do. Every read first
 * flushes what is pending, so a page reads what it just recorded.
 */

export interface HistoryStore extends HistoryWriter {
  /** Rows with `from <= time <= to`, oldest first; the same for the two below. */
  onlineCounts(from: number, to: number): Promise<OnlineCountRow[]>;
  playerSnapshots(uuid: string, from: number, to: number): Promise<PlayerSnapshotRow[]>;
  pricePoints(searchId: string, from: number, to: number): Promise<PricePointRow[]>;
  /**
   * Each player's snapshots with `since < time <= to`, after the last one at or before `since`
   * and the last confirmed one (stats not lagging) at or before it: all a change over any window
   * starting at or after `since` needs (player-change.ts), not the whole history. Keyed by the
   * UUIDs as given; one transaction for all of them.
   */
  snapshotsSince(
    uuids: readonly string[],
    since: number,
    to: number,
  ): Promise<Map<string, PlayerSnapshotRow[]>>;
  /** Forgets one saved search's prices (the search was deleted, or the user asked). */
  clearSearch(searchId: string): Promise<void>;
  clearAll(): Promise<void>;
}

/** Parses rows read back, skipping any that no longer fit (one bad row must not blank a chart). */
export function parseRows<T>(rows: readonly unknown[], schema: z.ZodMiniType<T>): T[] {
  const parsed: T[] = [];
  for (const row of rows) {
    const result = schema.safeParse(row);
    if (result.success) parsed.push(result.data);
  }
  return parsed;
}

type SnapshotStore = IDBPObjectStore<
  HistoryDB,
  [typeof STORES.playerSnapshots],
  typeof STORES.playerSnapshots
>;

/**
 * The player's last snapshot at or before `time` and, when that one's stats may lag, the last
 * confirmed one before it (kills, deaths and playtime compare confirmed snapshots only), oldest
 * first. Walks back from `time` through the [uuid, time] key, stopping at the confirmed one.
 */
export async function snapshotsBefore(
  store: SnapshotStore,
  uuid: string,
  time: number,
): Promise<PlayerSnapshotRow[]> {
  const found: PlayerSnapshotRow[] = [];
  let cursor = await store.openCursor(
    IDBKeyRange.bound([uuid, Number.NEGATIVE_INFINITY], [uuid, time]),
    'prev',
  );
  while (cursor) {
    const row = PlayerSnapshotRowSchema.safeParse(cursor.value);
    if (row.success) {
      if (found.length === 0 || !row.data.statsMayLag) found.unshift(row.data);
      if (!row.data.statsMayLag) break;
    }
    cursor = await cursor.continue();
  }
  return found;
}

export function createHistoryStore(options: HistoryStoreOptions = {}): HistoryStore {
  const writer = createHistoryWriter(options);
  const { withDatabase } = writer;

  /** IndexedDB throws for a backwards range; it holds nothing. */
  const empty = (from: number, to: number) => !(from <= to);

  /** The rows of one player or search (`[id, time]` keys) from `from` to `to`, checked. */
  const rowsBetween = <T>(
    store: typeof STORES.playerSnapshots | typeof STORES.pricePoints,
    id: string,
    from: number,
    to: number,
    schema: z.ZodMiniType<T>,
  ): Promise<T[]> =>
    withDatabase(async (db) =>
      empty(from, to)
        ? []
        : parseRows(await db.getAll(store, IDBKeyRange.bound([id, from], [id, to])), schema),
    );

  return {
    ...writer,
    onlineCounts(from, to) {
      return withDatabase(async (db) => {
        if (empty(from, to)) return [];
        const hours = await db.getAll(STORES.onlineCounts, IDBKeyRange.bound(bucketStart(from), to));
        const rows: OnlineCountRow[] = [];
        for (const hour of hours) {
          for (const row of countsOfHour(hour)) if (row.time >= from && row.time <= to) rows.push(row);
        }
        return rows;
      });
    },
    playerSnapshots(uuid, from, to) {
      return rowsBetween(STORES.playerSnapshots, normalizeUuid(uuid), from, to, PlayerSnapshotRowSchema);
    },
    pricePoints(searchId, from, to) {
      return rowsBetween(STORES.pricePoints, searchId, from, to, PricePointRowSchema);
    },
    snapshotsSince(uuids, since, to) {
      return withDatabase(async (db) => {
        const tx = db.transaction(STORES.playerSnapshots, 'readonly');
        // The week of every player in one request (by the time index: oldest first), then
        // each player's rows before it.
        const [inside, ...befores] = await Promise.all([
          since < to ? tx.store.index(TIME_INDEX).getAll(IDBKeyRange.bound(since, to, true)) : [],
          ...uuids.map((given) => snapshotsBefore(tx.store, normalizeUuid(given), since)),
        ]);
        await tx.done;
        const byUuid = new Map<string, PlayerSnapshotRow[]>();
        for (const row of parseRows(inside, PlayerSnapshotRowSchema)) {
          const rows = byUuid.get(row.uuid);
          if (rows) rows.push(row);
          else byUuid.set(row.uuid, [row]);
        }
        return new Map(
          uuids.map((given, index) => [
            given,
            [...(befores[index] ?? []), ...(byUuid.get(normalizeUuid(given)) ?? [])],
          ]),
        );
      });
    },

    clearSearch(searchId) {
      const range = IDBKeyRange.bound(
        [searchId, Number.NEGATIVE_INFINITY],
        [searchId, Number.POSITIVE_INFINITY],
      );
      return withDatabase((db) => db.delete(STORES.pricePoints, range));
    },
    clearAll() {
      return withDatabase(async (db) => {
        const stores = Object.values(STORES);
        const tx = db.transaction(stores, 'readwrite');
        await Promise.all([...stores.map((store) => tx.objectStore(store).clear()), tx.done]);
      });
    },
  };
}
