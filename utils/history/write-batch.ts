import type { IDBPTransaction } from 'idb';
import { bucketStart } from './downsample';
import {
  type OnlineCountRow,
  type PlayerSnapshotRow,
  PlayerSnapshotRowSchema,
  type PricePointRow,
} from './history-rows';
import { withCount } from './online-hours';
import type { HistoryDatabase } from './open-history-db';
import { snapshotChanged } from './player-snapshot';
import { type HistoryDB, STORES, type StoreName } from './schema';

/** One recorded value waiting to be written. */
export type HistoryWrite =
  | { store: typeof STORES.onlineCounts; row: OnlineCountRow }
  | { store: typeof STORES.playerSnapshots; row: PlayerSnapshotRow }
  | { store: typeof STORES.pricePoints; row: PricePointRow };

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
      } else {
        await tx.objectStore(STORES.pricePoints).put(write.row);
        stored.push(true);
      }
    }
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
