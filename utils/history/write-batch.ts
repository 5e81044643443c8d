import type { IDBPTransaction } from 'idb';
import { bucketStart, foldPriceDay, priceDayStart } from './downsample';
import { PRICE_FOLD_BUCKET_MS, PRICE_MAX_AGE_MS } from './history-limits';
import {
  type ListingRow,
  type OnlineCountRow,
  type PlayerSnapshotRow,
  PlayerSnapshotRowSchema,
  type PricePointRow,
  PricePointRowSchema,
} from './history-rows';
import { withCount } from './online-hours';
import type { HistoryDatabase } from './open-history-db';
import { snapshotChanged } from './player-snapshot';
import { type HistoryDB, STORES, type StoreName, TIME_INDEX } from './schema';

/** One recorded value waiting to be written. */
export type HistoryWrite =
  | { store: typeof STORES.onlineCounts; row: OnlineCountRow }
  | { store: typeof STORES.playerSnapshots; row: PlayerSnapshotRow }
  | { store: typeof STORES.pricePoints; row: PricePointRow }
  | { store: typeof STORES.listings; row: ListingRow };

type WriteTransaction = IDBPTransaction<HistoryDB, StoreName[], 'readwrite'>;

/** The player's last snapshot at or before `time`, if a readable one exists. */
async function lastSnapshot(
  tx: WriteTransaction,
  uuid: string,
  time: number,
): Promise<PlayerSnapshotRow | undefined> {
  const range = IDBKeyRange.bound([uuid, Number.NEGATIVE_INFINITY], [uuid, time]);
  const cursor = await tx.objectStore(STORES.playerSnapshots).openCursor(range, 'prev');
  const parsed = PlayerSnapshotRowSchema.safeParse(cursor?.value);
  return parsed.success ? parsed.data : undefined;
}

/** Whether a day fold (a row at a day's start, span 'day') is stored at `day` or a later day start. */
async function foldedFrom(tx: WriteTransaction, day: number): Promise<boolean> {
  const index = tx.objectStore(STORES.pricePoints).index(TIME_INDEX);
  const newest = await index.openCursor(null, 'prev');
  if (!newest) return false;
  // Days past retention's reach are not looked at (a row from a clock once far ahead).
  const last = Math.min(newest.key, day + PRICE_MAX_AGE_MS);
  for (let start = day; start <= last; start += PRICE_FOLD_BUCKET_MS) {
    const rows = await index.getAll(IDBKeyRange.only(start));
    if (rows.some((row) => row.span === 'day')) return true;
  }
  return false;
}

/**
 * The row to store for a price point: itself, or, when it lands in a day the prune folded
 * already (the clock was set back), that day's fold with it folded in. The prune reads no day
 * before its newest fold again (prune-history.ts), so a raw point there would never fold.
 */
async function pricePointRow(tx: WriteTransaction, row: PricePointRow): Promise<PricePointRow> {
  const store = tx.objectStore(STORES.pricePoints);
  const index = store.index(TIME_INDEX);
  // In order (nothing stored after it), the usual case: one cursor step.
  if (!(await index.openCursor(IDBKeyRange.lowerBound(row.time, true)))) return row;
  const day = priceDayStart(row.time);
  const fold = PricePointRowSchema.safeParse(await store.get([row.searchId, day])).data;
  if (fold?.span === 'day') return foldPriceDay(row.searchId, [fold, row], day);
  return (await foldedFrom(tx, day)) ? foldPriceDay(row.searchId, [row], day) : row;
}

/**
 * The batch's listings not stored yet, put once by id: a listing seen again keeps its first time
 * and price (a seller cannot reprice). Every read is asked at once, then every put: awaiting each
 * in turn cost a round trip per listing, about 3× the puts alone for an answer of 200.
 */
async function recordNewListings(
  tx: WriteTransaction,
  writes: readonly HistoryWrite[],
): Promise<Set<HistoryWrite>> {
  const first = new Map<number, HistoryWrite & { store: typeof STORES.listings }>();
  for (const write of writes)
    if (write.store === STORES.listings && !first.has(write.row.id)) first.set(write.row.id, write);
  if (first.size === 0) return new Set();
  const listings = tx.objectStore(STORES.listings);
  const candidates = [...first.values()];
  const keys = await Promise.all(candidates.map((write) => listings.getKey(write.row.id)));
  const fresh = candidates.filter((_, i) => keys[i] === undefined);
  await Promise.all(fresh.map((write) => listings.put(write.row)));
  return new Set(fresh);
}

/**
 * Writes a batch in ONE readwrite transaction over the stores it touches. A player snapshot
 * is written only when it differs from that player's last one (earlier snapshots of the same
 * batch included). Resolves with one flag per write: whether it was stored.
 */
export async function applyHistoryWrites(
  db: HistoryDatabase,
  writes: readonly HistoryWrite[],
): Promise<boolean[]> {
  if (writes.length === 0) return [];
  const stores = [...new Set(writes.map((write) => write.store))];
  const tx = db.transaction(stores, 'readwrite');
  const stored: boolean[] = [];
  try {
    for (const write of writes) {
      if (write.store === STORES.playerSnapshots) {
        // In order, one at a time: the next snapshot of a player compares with this one.
        const previous = await lastSnapshot(tx, write.row.uuid, write.row.time);
        const changed = snapshotChanged(previous, write.row);
        if (changed) await tx.objectStore(STORES.playerSnapshots).put(write.row);
        stored.push(changed);
      } else if (write.store === STORES.onlineCounts) {
        // Into its hour's record (online-hours.ts): read, add, write back, in this transaction.
        const hours = tx.objectStore(STORES.onlineCounts);
        const hour = await hours.get(bucketStart(write.row.time));
        await hours.put(withCount(hour, write.row));
        stored.push(true);
      } else if (write.store === STORES.listings) {
        stored.push(false); // Set below, with the batch's other listings.
      } else {
        await tx.objectStore(STORES.pricePoints).put(await pricePointRow(tx, write.row));
        stored.push(true);
      }
    }
    const listed = await recordNewListings(tx, writes);
    writes.forEach((write, i) => {
      if (write.store === STORES.listings) stored[i] = listed.has(write);
    });
  } catch (error) {
    // A failed request: undo the batch rather than keep part of it.
    try {
      tx.abort();
    } catch {
      // The failure already aborted it.
    }
    await tx.done.catch(() => undefined);
    throw error;
  }
  await tx.done;
  return stored;
}
