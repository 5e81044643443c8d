import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  HISTORY_DB_VERSION,
  MIGRATIONS,
  type MigrationDb,
  type MigrationTx,
  runMigrations,
} from '@/utils/history/migrations';
import { openHistoryDb } from '@/utils/history/open-history-db';
import { ITEM_INDEX, STORES, TIME_INDEX } from '@/utils/history/schema';
import { freshIndexedDb } from './history-fixtures';

const NAME = 'history-test';

/** A database as version 1 of the extension left it. */
async function createV1(rows: unknown[], extra?: (db: MigrationDb) => void): Promise<void> {
  const db = await openDB<unknown>(NAME, 1, {
    upgrade(database: MigrationDb, oldVersion, _newVersion, tx: MigrationTx) {
      void runMigrations(database, oldVersion, 1, tx);
      extra?.(database);
    },
  });
  for (const row of rows) await db.put('online', row);
  db.close();
}

describe('history migrations', () => {
  beforeEach(freshIndexedDb);

  it('has one step per version', () => {
    expect(HISTORY_DB_VERSION).toBe(4);
    expect(MIGRATIONS).toHaveLength(HISTORY_DB_VERSION);
  });

  it('creates the current schema in a new database', async () => {
    const db = await openHistoryDb({ name: NAME });
    expect(db.version).toBe(4);
    expect([...db.objectStoreNames].sort()).toEqual(Object.values(STORES).sort());
    const tx = db.transaction([STORES.playerSnapshots, STORES.pricePoints]);
    expect(tx.objectStore(STORES.playerSnapshots).keyPath).toEqual(['uuid', 'time']);
    expect([...tx.objectStore(STORES.playerSnapshots).indexNames]).toEqual([TIME_INDEX]);
    expect(tx.objectStore(STORES.pricePoints).keyPath).toEqual(['searchId', 'time']);
    expect([...tx.objectStore(STORES.pricePoints).indexNames]).toEqual([TIME_INDEX]);
    db.close();
  });

  it('moves v1 online counts through v2 (reshaped) into v3 hour records, and drops the old stores', async () => {
    const hour = 3_600_000;
    await createV1([
      { at: 2_000, online: 15 },
      { at: 1_000, online: 12 },
      { at: 3_000, online: 'many' },
      { at: hour + 5, online: 20 },
    ]);
    const db = await openHistoryDb({ name: NAME });
    expect(db.version).toBe(4);
    expect([...db.objectStoreNames]).not.toContain('online');
    expect([...db.objectStoreNames]).not.toContain('onlineCounts');
    // The unreadable v1 row is dropped, not carried over.
    expect(await db.getAll(STORES.onlineCounts)).toEqual([
      {
        start: 0,
        rows: [
          { time: 1_000, count: 12 },
          { time: 2_000, count: 15 },
        ],
      },
      { start: hour, rows: [{ time: hour + 5, count: 20 }] },
    ]);
    db.close();
  });

  it('moves v2 online counts into hour records', async () => {
    const v2 = await openDB<unknown>(NAME, 2, {
      upgrade(database: MigrationDb, oldVersion, _newVersion, tx: MigrationTx) {
        void runMigrations(database, oldVersion, 2, tx);
      },
    });
    await v2.put('onlineCounts', { time: 60_000, count: 7 });
    await v2.put('onlineCounts', { time: 120_000, count: 8, min: 1, max: 9, samples: 4 });
    v2.close();
    const db = await openHistoryDb({ name: NAME });
    expect(await db.getAll(STORES.onlineCounts)).toEqual([
      {
        start: 0,
        rows: [
          { time: 60_000, count: 7 },
          { time: 120_000, count: 8, min: 1, max: 9, samples: 4 },
        ],
      },
    ]);
    db.close();
  });

  it('v4 adds the listings store to a v3 database, keyed by id, indexed by time and by item, keeping v3 rows', async () => {
    const v3 = await openDB<unknown>(NAME, 3, {
      upgrade(database: MigrationDb, oldVersion, _newVersion, tx: MigrationTx) {
        void runMigrations(database, oldVersion, 3, tx);
      },
    });
    await v3.put(STORES.pricePoints, { searchId: 's', time: 5, lowest: 1, median: 2, listings: 3 });
    expect([...v3.objectStoreNames]).not.toContain(STORES.listings);
    v3.close();
    const db = await openHistoryDb({ name: NAME });
    expect(db.version).toBe(4);
    const store = db.transaction(STORES.listings).store;
    expect(store.keyPath).toBe('id');
    expect([...store.indexNames].sort()).toEqual([ITEM_INDEX, TIME_INDEX].sort());
    expect(store.index(ITEM_INDEX).keyPath).toEqual(['material', 'name', 'time']);
    expect(await db.getAll(STORES.pricePoints)).toEqual([
      { searchId: 's', time: 5, lowest: 1, median: 2, listings: 3 },
    ]);
    db.close();
  });

  it('rolls the whole upgrade back when a step fails, and says why', async () => {
    // A v1 database that somehow already holds a store v2 creates.
    await createV1([{ at: 1_000, online: 12 }], (db) => db.createObjectStore(STORES.playerSnapshots));
    await expect(openHistoryDb({ name: NAME })).rejects.toMatchObject({ name: 'ConstraintError' });
    const db = await openDB<unknown>(NAME);
    expect(db.version).toBe(1);
    expect(await db.getAll('online')).toEqual([{ at: 1_000, online: 12 }]);
    db.close();
  });

  it('refuses a version it has no step for', async () => {
    await createV1([]);
    const opening = openDB<unknown>(NAME, HISTORY_DB_VERSION + 1, {
      upgrade(database: MigrationDb, oldVersion, newVersion, tx: MigrationTx) {
        runMigrations(database, oldVersion, newVersion ?? 0, tx).catch(() => undefined);
      },
    });
    await expect(opening).rejects.toMatchObject({ name: 'AbortError' });
    const db = await openDB<unknown>(NAME);
    expect(db.version).toBe(1);
    db.close();
  });
});
