import type { AuctionListing, Player } from '../api/schemas';
import { WRITE_BATCH_MS } from './history-limits';
import { type HistoryDatabase, openHistoryDb } from './open-history-db';
import { snapshotOfPlayer } from './player-snapshot';
import type { PriceSummary } from './price-summary';
import { type PruneResult, pruneHistory } from './prune-history';
import { keepRetentionClock, readRetentionClock, retentionNow } from './retention-clock';
import { HISTORY_DB_NAME, STORES } from './schema';
import { applyHistoryWrites, type HistoryWrite } from './write-batch';
import { createWriteQueue } from './write-queue';

/**
 * The writing half of the history store (history-store.ts adds the reads): what the
 * background needs, and nothing more, so its bundle carries no reader code. Writes are
 * batched (write-queue.ts): those recorded within the batch window share one transaction.
 */

export interface HistoryStoreOptions {
  now?: () => number;
  dbName?: string;
  batchMs?: number;
}

export interface HistoryWriter {
  /** Records a fetched online count (docs/api-spec.md §4.5). */
  recordOnlineCount(count: number, time?: number): Promise<void>;
  /** Records a player (docs/api-spec.md §2.1); resolves true if a snapshot was stored (something changed). */
  recordPlayer(player: Player, time?: number): Promise<boolean>;
  /** Records a saved search's prices (from priceSummary). */
  recordPrices(searchId: string, summary: PriceSummary, time?: number): Promise<void>;
  /** Records the listings of an auction answer, each once by id; resolves with how many were new. */
  recordListings(listings: readonly AuctionListing[], time?: number): Promise<number>;
  /** Writes what is pending now. */
  flush(): Promise<void>;
  /** Runs `use` on the open database once pending writes are in. */
  withDatabase<T>(use: (db: HistoryDatabase) => Promise<T>): Promise<T>;
  /**
   * Retention and downsampling (prune-history.ts); run it on a schedule. Ages count from `now`,
   * at most a day past the last prune's (retention-clock.ts).
   */
  prune(now?: number): Promise<PruneResult>;
  /** Flushes and closes the connection; a later call opens it again. */
  close(): Promise<void>;
}

export function createHistoryWriter({
  now = Date.now,
  dbName = HISTORY_DB_NAME,
  batchMs = WRITE_BATCH_MS,
}: HistoryStoreOptions = {}): HistoryWriter {
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
        row: {
          searchId,
          time,
          lowest: summary.lowest,
          median: summary.median,
          listings: summary.count,
          ...(summary.items ? { items: summary.items } : {}),
        },
      });
    },
    async recordListings(listings, time = now()) {
      const added = await Promise.all(
        listings
          .filter((listing) => listing.amount > 0)
          .map((listing) =>
            queue.add({
              store: STORES.listings,
              row: {
                id: listing.id,
                time,
                material: listing.material,
                name: listing.display_name,
                perItem: listing.price / listing.amount,
              },
            }),
          ),
      );
      return added.filter(Boolean).length;
    },
    flush: () => queue.flush(),
    async withDatabase(use) {
      await queue.flush();
      return use(await database());
    },
    async prune(at = now()) {
      await queue.flush();
      // Ages count from a guarded time: a clock jumping forward must not delete the history.
      const from = retentionNow(at, await readRetentionClock());
      const result = await pruneHistory(await database(), from);
      await keepRetentionClock(from);
      return result;
    },
    async close() {
      await queue.flush();
      const open = connection;
      connection = undefined;
      if (open) (await open).close();
    },
  };
}
