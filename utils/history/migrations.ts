import type { IDBPDatabase, IDBPTransaction } from 'idb';
import { z } from 'zod/mini';
import { type OnlineCountRow, OnlineCountRowSchema } from './history-rows';
import { hoursOf } from './online-hours';
import { ITEM_INDEX, STORES, TIME_INDEX } from './schema';

/**
 * The schema, as steps: step N turns a version N-1 database into version N. Opening runs
 * every step above the version found, in order, inside the one upgrade transaction, so a
 * failed step rolls the whole upgrade back. Steps never change once released: a new schema
 * is a new step.
 *
 * - v1: online counts only, stored as the API sends them (`{ at, online }`, keyed by `at`).
 * - v2: the shared history: online counts move to `onlineCounts` reshaped to `{ time, count }`
 *   (the key every store orders by), and player snapshots and price points arrive.
 * - v3: online counts an hour to a record (`onlineHours`, keyed by the hour's start;
 *   online-hours.ts says why): the v2 rows move there, `onlineCounts` goes.
 * - v4: `listings`, every auction listing seen once by id (issue 34's deals), indexed by first
 *   seen time (retention) and by [material, name, time] (one item's window in one range).
 */

/** Older stores are gone from the typed schema: steps see the database untyped. */
export type MigrationDb = IDBPDatabase<unknown>;
export type MigrationTx = IDBPTransaction<unknown, string[], 'versionchange'>;
export type Migration = (db: MigrationDb, tx: MigrationTx) => Promise<void> | void;

/** The v1 store; only these steps may name it. */
const V1_ONLINE_STORE = 'online';
/** The v2 store of one record per count; only v3 may name it. */
const V2_ONLINE_STORE = 'onlineCounts';
const V1OnlineRowSchema = z.object({ at: z.number(), online: z.number().check(z.nonnegative()) });

const v1: Migration = (db) => {
  db.createObjectStore(V1_ONLINE_STORE, { keyPath: 'at' });
};

const v2: Migration = async (db, tx) => {
  const counts = db.createObjectStore(V2_ONLINE_STORE, { keyPath: 'time' });
  db.createObjectStore(STORES.playerSnapshots, { keyPath: ['uuid', 'time'] }).createIndex(TIME_INDEX, 'time');
  db.createObjectStore(STORES.pricePoints, { keyPath: ['searchId', 'time'] }).createIndex(TIME_INDEX, 'time');
  let cursor = await tx.objectStore(V1_ONLINE_STORE).openCursor();
  while (cursor) {
    const row = V1OnlineRowSchema.safeParse(cursor.value);
    // A row v1 could not have written is dropped rather than failing the whole upgrade.
    if (row.success) await counts.put({ time: row.data.at, count: row.data.online });
    cursor = await cursor.continue();
  }
  db.deleteObjectStore(V1_ONLINE_STORE);
};

const v3: Migration = async (db, tx) => {
  const hours = db.createObjectStore(STORES.onlineCounts, { keyPath: 'start' });
  const rows: OnlineCountRow[] = [];
  let cursor = await tx.objectStore(V2_ONLINE_STORE).openCursor();
  while (cursor) {
    const row = OnlineCountRowSchema.safeParse(cursor.value);
    if (row.success) rows.push(row.data);
    cursor = await cursor.continue();
  }
  for (const hour of hoursOf(rows)) await hours.put(hour);
  db.deleteObjectStore(V2_ONLINE_STORE);
};

const v4: Migration = (db) => {
  const listings = db.createObjectStore(STORES.listings, { keyPath: 'id' });
  listings.createIndex(TIME_INDEX, 'time');
  listings.createIndex(ITEM_INDEX, ['material', 'name', 'time']);
};

export const MIGRATIONS: readonly Migration[] = [v1, v2, v3, v4];
export const HISTORY_DB_VERSION = MIGRATIONS.length;

/** Runs the steps above `oldVersion` up to `newVersion`; aborts the upgrade if one fails. */
export async function runMigrations(
  db: MigrationDb,
  oldVersion: number,
  newVersion: number,
  tx: MigrationTx,
): Promise<void> {
  // A failed upgrade is reported by the open request; the transaction's own rejection is not news.
  tx.done.catch(() => undefined);
  try {
    for (let version = oldVersion + 1; version <= newVersion; version++) {
      const step = MIGRATIONS[version - 1];
      if (!step) throw new Error(`No migration to version ${version}`);
      await step(db, tx);
    }
  } catch (error) {
    try {
      tx.abort();
    } catch {
      // A failed request already aborted it.
    }
    throw error;
  }
}
