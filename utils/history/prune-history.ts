import type { IDBPTransaction } from 'idb';
import {
  bucketNeedsRewrite,
  bucketStart,
  combineOnlineCounts,
  foldPriceDay,
  priceDayNeedsFold,
  priceDayStart,
} from './downsample';
import {
  LISTING_MAX_AGE_MS,
  ONLINE_FULL_RESOLUTION_MS,
  ONLINE_MAX_AGE_MS,
  PLAYER_MAX_AGE_MS,
  PRICE_FOLD_BATCH_ROWS,
  PRICE_FOLD_BUCKET_MS,
  PRICE_FULL_RESOLUTION_MS,
  PRICE_MAX_AGE_MS,
} from './history-limits';
import { type PricePointRow, PricePointRowSchema } from './history-rows';
import { countsOfHour } from './online-hours';
import type { HistoryDatabase } from './open-history-db';
import { type HistoryDB, STORES, type StoreName, TIME_INDEX } from './schema';

/**
 * Retention and downsampling: one readwrite transaction for retention, each store walked once
 * from its oldest row, then price points folded in batches of their own (foldPriceDays).
 *
 * - Online counts: gone after ONLINE_MAX_AGE_MS; beyond ONLINE_FULL_RESOLUTION_MS each hour
 *   record holds one row (mean, min, max, samples) instead of its counts.
 * - Price points: gone after PRICE_MAX_AGE_MS; one row per search and UTC day beyond
 *   PRICE_FULL_RESOLUTION_MS (a folded day goes once its start is PRICE_MAX_AGE_MS old).
 * - Player snapshots: gone after PLAYER_MAX_AGE_MS.
 * - Listings seen (the deals' medians): gone LISTING_MAX_AGE_MS after first seen.
 *
 * Only whole hours (days for prices) are downsampled, so one is folded once, when all of it is
 * old enough. Rows that no longer parse are deleted on the way.
 */

export interface PruneResult {
  /** Rows deleted for age (or unreadable), per store. */
  deleted: Record<StoreName, number>;
  /** Fetched rows folded into hourly rows (daily for prices), per store. */
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

/** Deletes the rows of `store` older than `before`, through its time index. */
async function deleteOlder(
  tx: PruneTransaction,
  store: typeof STORES.pricePoints | typeof STORES.playerSnapshots | typeof STORES.listings,
  before: number,
  requests: Requests,
): Promise<StoreTally> {
  const index = tx.objectStore(store).index(TIME_INDEX);
  const tally: StoreTally = { deleted: 0, downsampled: 0 };
  let cursor = await index.openCursor(IDBKeyRange.upperBound(before, true));
  while (cursor) {
    requests.push(cursor.delete());
    tally.deleted++;
    cursor = await cursor.continue();
  }
  return tally;
}

/** Aborts a failed transaction once its requests have settled (nothing of it is kept). */
async function abortAfter(tx: { abort(): void; done: Promise<void> }, requests: Requests): Promise<void> {
  await Promise.allSettled(requests);
  try {
    tx.abort();
  } catch {
    // The failure already aborted it.
  }
  await tx.done.catch(() => undefined);
}

type PriceTimeIndex = ReturnType<ReturnType<PruneTransaction['objectStore']>['index']>;

/**
 * Where the fold starts (before `before`): after the newest day already folded, read back from
 * `before`. Batches fold whole days in order and commit whole, so every day before it is folded
 * too, after any interruption; a point that joined that day since brings the start back to it.
 * No fold among the last `limit` points (a backlog): from the oldest.
 */
async function foldedUntil(index: PriceTimeIndex, before: number, limit: number): Promise<number> {
  let cursor = await index.openCursor(IDBKeyRange.upperBound(before, true), 'prev');
  let from = before;
  for (let read = 0; cursor && read < limit; read++) {
    if ((cursor.value as { span?: unknown }).span === 'day')
      return Math.min(from, cursor.key + PRICE_FOLD_BUCKET_MS);
    from = priceDayStart(cursor.key);
    cursor = await cursor.continue();
  }
  return Number.NEGATIVE_INFINITY;
}

/**
 * One fold transaction: the whole UTC days from `resumeAt` (before `before`; undefined: from
 * foldedUntil) until `batchRows` price points are read, each search's points of each day
 * replaced by one row (foldPriceDay) unless that is all the day holds already. Resolves with
 * where the next batch starts.
 */
async function foldPriceBatch(
  db: HistoryDatabase,
  resumeAt: number | undefined,
  before: number,
  batchRows: number,
  tally: StoreTally,
): Promise<number> {
  const tx = db.transaction(STORES.pricePoints, 'readwrite');
  const requests: Requests = [];
  const batch: StoreTally = { deleted: 0, downsampled: 0 };
  let day = Number.NaN;
  let bySearch = new Map<string, PricePointRow[]>();
  const fold = () => {
    for (const [searchId, rows] of bySearch) {
      if (!priceDayNeedsFold(rows)) continue;
      const range = IDBKeyRange.bound([searchId, day], [searchId, day + PRICE_FOLD_BUCKET_MS], false, true);
      // In this order, in this transaction: the day's rows (an earlier fold among them) go, its fold comes.
      requests.push(tx.store.delete(range));
      requests.push(tx.store.put(foldPriceDay(searchId, rows, day)));
      batch.downsampled += rows.filter((row) => row.samples === undefined).length;
    }
    bySearch = new Map();
  };
  let next = before;
  let read = 0;
  try {
    const index = tx.store.index(TIME_INDEX);
    const from = resumeAt ?? (await foldedUntil(index, before, batchRows));
    let cursor = from < before ? await index.openCursor(IDBKeyRange.bound(from, before, false, true)) : null;
    while (cursor) {
      const start = priceDayStart(cursor.key);
      if (start !== day) {
        fold();
        if (read >= batchRows) {
          next = start;
          break;
        }
        day = start;
      }
      read++;
      const row = PricePointRowSchema.safeParse(cursor.value);
      if (!row.success) {
        requests.push(cursor.delete());
        batch.deleted++;
      } else {
        const rows = bySearch.get(row.data.searchId);
        if (rows) rows.push(row.data);
        else bySearch.set(row.data.searchId, [row.data]);
      }
      cursor = await cursor.continue();
    }
    fold();
    await Promise.all(requests);
    await tx.done;
  } catch (error) {
    await abortAfter(tx, requests);
    throw error;
  }
  tally.deleted += batch.deleted;
  tally.downsampled += batch.downsampled;
  return next;
}

/**
 * Price points of whole UTC days older than PRICE_FULL_RESOLUTION_MS, one row per search and
 * day, in batches of whole days (PRICE_FOLD_BATCH_ROWS points read at most per transaction):
 * a 90-day backlog (the first prune after an update, or after weeks away) never holds the
 * database for long. Each batch replaces its days' points by their folds in one transaction,
 * so a fold interrupted half way leaves whole days folded and the others as they were, and a
 * day already folded is left alone: running it again changes nothing. The days before the
 * newest fold are not read again (foldedUntil): an hourly prune reads only what is new.
 */
async function foldPriceDays(db: HistoryDatabase, now: number, batchRows: number): Promise<StoreTally> {
  const before = priceDayStart(now - PRICE_FULL_RESOLUTION_MS);
  const tally: StoreTally = { deleted: 0, downsampled: 0 };
  let from: number | undefined;
  while (from === undefined || from < before)
    from = await foldPriceBatch(db, from, before, Math.max(1, batchRows), tally);
  return tally;
}

export interface PruneOptions {
  /** Price points read per fold transaction at most (tests make it small). */
  foldBatchRows?: number;
}

export async function pruneHistory(
  db: HistoryDatabase,
  now: number,
  { foldBatchRows = PRICE_FOLD_BATCH_ROWS }: PruneOptions = {},
): Promise<PruneResult> {
  const tx = db.transaction(
    [STORES.onlineCounts, STORES.pricePoints, STORES.playerSnapshots, STORES.listings],
    'readwrite',
  );
  const requests: Requests = [];
  let online: StoreTally;
  let prices: StoreTally;
  let players: StoreTally;
  let listings: StoreTally;
  try {
    [online, prices, players, listings] = await Promise.all([
      pruneOnlineCounts(tx, now, requests),
      deleteOlder(tx, STORES.pricePoints, now - PRICE_MAX_AGE_MS, requests),
      deleteOlder(tx, STORES.playerSnapshots, now - PLAYER_MAX_AGE_MS, requests),
      deleteOlder(tx, STORES.listings, now - LISTING_MAX_AGE_MS, requests),
    ]);
    await Promise.all(requests);
    await tx.done;
  } catch (error) {
    // Nothing half done: the whole pass is undone.
    await abortAfter(tx, requests);
    throw error;
  }
  // After retention, in transactions of its own: what is gone is not folded first.
  const folded = await foldPriceDays(db, now, foldBatchRows);
  return {
    deleted: {
      [STORES.onlineCounts]: online.deleted,
      [STORES.pricePoints]: prices.deleted + folded.deleted,
      [STORES.playerSnapshots]: players.deleted,
      [STORES.listings]: listings.deleted,
    },
    downsampled: {
      [STORES.onlineCounts]: online.downsampled,
      [STORES.pricePoints]: folded.downsampled,
      [STORES.playerSnapshots]: players.downsampled,
      [STORES.listings]: listings.downsampled,
    },
  };
}
