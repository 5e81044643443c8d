import type { IDBPTransaction } from 'idb';
import { bucketNeedsRewrite, bucketStart, combineOnlineCounts, combinePricePoints } from './downsample';
import {
  DOWNSAMPLE_BUCKET_MS,
  ONLINE_FULL_RESOLUTION_MS,
  ONLINE_MAX_AGE_MS,
  PLAYER_MAX_AGE_MS,
  PRICE_FULL_RESOLUTION_MS,
  PRICE_MAX_AGE_MS,
} from './history-limits';
import { type PricePointRow, PricePointRowSchema } from './history-rows';
import { countsOfHour } from './online-hours';
import type { HistoryDatabase } from './open-history-db';
import { type HistoryDB, STORES, type StoreName, TIME_INDEX } from './schema';

/**
 * Retention and downsampling in one pass: one readwrite transaction, each store walked once
 * from its oldest row up to where full resolution starts.
 *
 * - Online counts: gone after ONLINE_MAX_AGE_MS; beyond ONLINE_FULL_RESOLUTION_MS each hour
 *   record holds one row (mean, min, max, samples) instead of its counts.
 * - Price points: gone after PRICE_MAX_AGE_MS; hourly beyond PRICE_FULL_RESOLUTION_MS.
 * - Player snapshots: gone after PLAYER_MAX_AGE_MS.
 *
 * Only whole hours are downsampled, so an hour is folded once, when all of it is old enough.
 * Rows that no longer parse are deleted on the way.
 */

export interface PruneResult {
  /** Rows deleted for age (or unreadable), per store. */
  deleted: Record<StoreName, number>;
  /** Fetched rows folded into hourly rows, per store. */
  downsampled: Record<StoreName, number>;
}

type PruneTransaction = IDBPTransaction<HistoryDB, StoreName[], 'readwrite'>;

interface StoreTally {
  deleted: number;
  downsampled: number;
}

/** Requests issued without waiting for each (deletes, puts): settled before the pass ends. */
type Requests = Array<Promise<unknown>>;

async function pruneOnlineCounts(tx: PruneTransaction, now: number, requests: Requests): Promise<StoreTally> {
  const store = tx.objectStore(STORES.onlineCounts);
  const oldest = now - ONLINE_MAX_AGE_MS;
  const fullResolutionFrom = bucketStart(now - ONLINE_FULL_RESOLUTION_MS);
  const tally: StoreTally = { deleted: 0, downsampled: 0 };
  // Hour records (online-hours.ts) that start before full resolution: whole hours beyond it.
  let cursor = await store.openCursor(IDBKeyRange.upperBound(fullResolutionFrom, true));
  while (cursor) {
    const stored = cursor.value as { rows?: unknown };
    const counts = countsOfHour(stored);
    const storedCount = Array.isArray(stored.rows) ? stored.rows.length : 0;
    const kept = counts.filter((row) => row.time >= oldest);
    tally.deleted += storedCount - kept.length;
    const start = cursor.key;
    if (kept.length === 0) {
      requests.push(cursor.delete());
    } else if (bucketNeedsRewrite(kept) || kept.length !== storedCount) {
      tally.downsampled += kept.filter((row) => row.samples === undefined).length;
      requests.push(cursor.update({ start, rows: [combineOnlineCounts(kept, start)] }));
    }
    cursor = await cursor.continue();
  }
  return tally;
}

async function prunePricePoints(tx: PruneTransaction, now: number, requests: Requests): Promise<StoreTally> {
  const store = tx.objectStore(STORES.pricePoints);
  const oldest = now - PRICE_MAX_AGE_MS;
  const fullResolutionFrom = bucketStart(now - PRICE_FULL_RESOLUTION_MS);
  const tally: StoreTally = { deleted: 0, downsampled: 0 };
  // The time index interleaves searches: the current hour's rows, per search.
  let bucket = Number.NaN;
  let bySearch = new Map<string, PricePointRow[]>();
  const fold = () => {
    for (const [searchId, rows] of bySearch) {
      if (!bucketNeedsRewrite(rows)) continue;
      const range = IDBKeyRange.bound(
        [searchId, bucket],
        [searchId, bucket + DOWNSAMPLE_BUCKET_MS],
        false,
        true,
      );
      requests.push(store.delete(range));
      requests.push(store.put(combinePricePoints(searchId, rows, bucket)));
      tally.downsampled += rows.filter((row) => row.samples === undefined).length;
    }
    bySearch = new Map();
  };
  let cursor = await store.index(TIME_INDEX).openCursor(IDBKeyRange.upperBound(fullResolutionFrom, true));
  while (cursor) {
    const row = PricePointRowSchema.safeParse(cursor.value);
    if (!row.success || row.data.time < oldest) {
      requests.push(cursor.delete());
      tally.deleted++;
    } else {
      const start = bucketStart(row.data.time);
      if (start !== bucket) {
        fold();
        bucket = start;
      }
      const rows = bySearch.get(row.data.searchId);
      if (rows) rows.push(row.data);
      else bySearch.set(row.data.searchId, [row.data]);
    }
    cursor = await cursor.continue();
  }
  fold();
  return tally;
}

async function prunePlayerSnapshots(
  tx: PruneTransaction,
  now: number,
  requests: Requests,
): Promise<StoreTally> {
  const index = tx.objectStore(STORES.playerSnapshots).index(TIME_INDEX);
  const tally: StoreTally = { deleted: 0, downsampled: 0 };
  let cursor = await index.openCursor(IDBKeyRange.upperBound(now - PLAYER_MAX_AGE_MS, true));
  while (cursor) {
    requests.push(cursor.delete());
    tally.deleted++;
    cursor = await cursor.continue();
  }
  return tally;
}

export async function pruneHistory(db: HistoryDatabase, now: number): Promise<PruneResult> {
  const tx = db.transaction([STORES.onlineCounts, STORES.pricePoints, STORES.playerSnapshots], 'readwrite');
  const requests: Requests = [];
  try {
    const [online, prices, players] = await Promise.all([
      pruneOnlineCounts(tx, now, requests),
      prunePricePoints(tx, now, requests),
      prunePlayerSnapshots(tx, now, requests),
    ]);
    await Promise.all(requests);
    await tx.done;
    return {
      deleted: {
        [STORES.onlineCounts]: online.deleted,
        [STORES.pricePoints]: prices.deleted,
        [STORES.playerSnapshots]: players.deleted,
      },
      downsampled: {
        [STORES.onlineCounts]: online.downsampled,
        [STORES.pricePoints]: prices.downsampled,
        [STORES.playerSnapshots]: players.downsampled,
      },
    };
  } catch (error) {
    // Nothing half done: the whole pass is undone.
    await Promise.allSettled(requests);
    try {
      tx.abort();
    } catch {
      // The failure already aborted it.
    }
    await tx.done.catch(() => undefined);
    throw error;
  }
}
