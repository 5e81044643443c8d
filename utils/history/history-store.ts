import type { z } from 'zod/mini';
import type { Player } from '../api/schemas';
import { type HistorySize, historySize } from './history-size';
import { WRITE_BATCH_MS } from './limits';
import { type HistoryDatabase, openHistoryDb } from './open-history-db';
import { normalizeUuid, snapshotOfPlayer } from './player-snapshot';
import type { PriceSummary } from './price-summary';
import { type PruneResult, pruneHistory } from './prune-history';
import {
  type OnlineCountRow,
  OnlineCountRowSchema,
  type PlayerSnapshotRow,
  PlayerSnapshotRowSchema,
  type PricePointRow,
  PricePointRowSchema,
} from './rows';
import { HISTORY_DB_NAME, STORES } from './schema';
import { applyHistoryWrites, type HistoryWrite } from './write-batch';
import { createWriteQueue } from './write-queue';

/**
 * The extension's memory: online counts, watched players' snapshots and saved searches'
 * prices, in the one history database. Writes are batched (see write-queue.ts); every read
 * first flushes what is pending, so a page reads what it just recorded.
 */

export interface HistoryStoreOptions {
  now?: () => number;
  dbName?: string;
  batchMs?: number;
}

export interface HistoryStore {
  /** Records a fetched online count (spec 4.5). */
  recordOnlineCount(count: number, time?: number): Promise<void>;
  /** Records a player (spec 2.1); resolves true if a snapshot was stored (something changed). */
  recordPlayer(player: Player, time?: number): Promise<boolean>;
  /** Records a saved search's prices (from priceSummary). */
  recordPrices(searchId: string, summary: PriceSummary, time?: number): Promise<void>;
  /** Writes what is pending now. */
  flush(): Promise<void>;
  /** Rows with `from <= time <= to`, oldest first; the same for the two below. */
  onlineCounts(from: number, to: number): Promise<OnlineCountRow[]>;
  playerSnapshots(uuid: string, from: number, to: number): Promise<PlayerSnapshotRow[]>;
  pricePoints(searchId: string, from: number, to: number): Promise<PricePointRow[]>;
  /** Forgets one saved search's prices (the search was deleted, or the user asked). */
  clearSearch(searchId: string): Promise<void>;
  clearAll(): Promise<void>;
  size(): Promise<HistorySize>;
  /** Retention and downsampling (prune-history.ts); run it on a schedule. */
  prune(now?: number): Promise<PruneResult>;
  /** Flushes and closes the connection; a later call opens it again. */
  close(): Promise<void>;
}

/** Parses rows read back, skipping any that no longer fit (one bad row must not blank a chart). */
function parseRows<T>(rows: readonly unknown[], schema: z.ZodMiniType<T>): T[] {
  const parsed: T[] = [];
  for (const row of rows) {
    const result = schema.safeParse(row);
    if (result.success) parsed.push(result.data);
  }
  return parsed;
}

export function createHistoryStore({
  now = Date.now,
  dbName = HISTORY_DB_NAME,
  batchMs = WRITE_BATCH_MS,
}: HistoryStoreOptions = {}): HistoryStore {
  let connection: Promise<HistoryDatabase> | undefined;

  function database(): Promise<HistoryDatabase> {
    if (!connection) {
      const opening = openHistoryDb({
        name: dbName,
        onGone: () => {
          if (connection === opening) connection = undefined;
        },
      });
      connection = opening;
      // A failed open is retried on the next call.
      opening.catch(() => {
        if (connection === opening) connection = undefined;
      });
    }
    return connection;
  }

  const queue = createWriteQueue<HistoryWrite, boolean>(
    async (writes) => applyHistoryWrites(await database(), writes),
    batchMs,
  );

  async function readRange<T>(
    range: { from: number; to: number },
    read: (db: HistoryDatabase) => Promise<unknown[]>,
    schema: z.ZodMiniType<T>,
  ): Promise<T[]> {
    await queue.flush();
    // IDBKeyRange throws for a backwards range; it holds nothing.
    if (!(range.from <= range.to)) return [];
    return parseRows(await read(await database()), schema);
  }

  return {
    async recordOnlineCount(count, time = now()) {
      await queue.add({ store: STORES.onlineCounts, row: { time, count } });
    },
    recordPlayer(player, time = now()) {
      return queue.add({ store: STORES.playerSnapshots, row: snapshotOfPlayer(player, time) });
    },
    async recordPrices(searchId, summary, time = now()) {
      await queue.add({
        store: STORES.pricePoints,
        row: { searchId, time, lowest: summary.lowest, median: summary.median, listings: summary.count },
      });
    },
    flush: () => queue.flush(),
    onlineCounts(from, to) {
      return readRange(
        { from, to },
        (db) => db.getAll(STORES.onlineCounts, IDBKeyRange.bound(from, to)),
        OnlineCountRowSchema,
      );
    },
    playerSnapshots(uuid, from, to) {
      const id = normalizeUuid(uuid);
      return readRange(
        { from, to },
        (db) => db.getAll(STORES.playerSnapshots, IDBKeyRange.bound([id, from], [id, to])),
        PlayerSnapshotRowSchema,
      );
    },
    pricePoints(searchId, from, to) {
      return readRange(
        { from, to },
        (db) => db.getAll(STORES.pricePoints, IDBKeyRange.bound([searchId, from], [searchId, to])),
        PricePointRowSchema,
      );
    },
    async clearSearch(searchId) {
      await queue.flush();
      const range = IDBKeyRange.bound(
        [searchId, Number.NEGATIVE_INFINITY],
        [searchId, Number.POSITIVE_INFINITY],
      );
      await (await database()).delete(STORES.pricePoints, range);
    },
    async clearAll() {
      await queue.flush();
      const db = await database();
      const stores = Object.values(STORES);
      const tx = db.transaction(stores, 'readwrite');
      await Promise.all([...stores.map((store) => tx.objectStore(store).clear()), tx.done]);
    },
    async size() {
      await queue.flush();
      return historySize(await database());
    },
    async prune(at = now()) {
      await queue.flush();
      return pruneHistory(await database(), at);
    },
    async close() {
      await queue.flush();
      const open = connection;
      connection = undefined;
      if (open) (await open).close();
    },
  };
}
