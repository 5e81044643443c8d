import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type HistoryDatabase, openHistoryDb } from '@/utils/history/open-history-db';
import { STORES } from '@/utils/history/schema';
import { applyHistoryWrites } from '@/utils/history/write-batch';
import { freshIndexedDb, pricePoint, snapshot } from './history-fixtures';

describe('applyHistoryWrites', () => {
  let db: HistoryDatabase;

  beforeEach(async () => {
    freshIndexedDb();
    db = await openHistoryDb({ name: 'batch-test' });
  });

  afterEach(() => {
    db.close();
  });

  it('does nothing for an empty batch', async () => {
    expect(await applyHistoryWrites(db, [])).toEqual([]);
  });

  it('says which writes were stored: a repeated snapshot is not', async () => {
    await db.put(STORES.playerSnapshots, snapshot(1));
    const stored = await applyHistoryWrites(db, [
      { store: STORES.playerSnapshots, row: snapshot(2) },
      { store: STORES.onlineCounts, row: { time: 2, count: 3 } },
      { store: STORES.pricePoints, row: pricePoint(2) },
      { store: STORES.playerSnapshots, row: snapshot(3, { kills: 11 }) },
    ]);
    expect(stored).toEqual([false, true, true, true]);
    expect(await db.count(STORES.playerSnapshots)).toBe(2);
  });

  it('compares a snapshot with the last one at or before its time, not a later one', async () => {
    await db.put(STORES.playerSnapshots, snapshot(10, { balance: 5 }));
    const stored = await applyHistoryWrites(db, [{ store: STORES.playerSnapshots, row: snapshot(5) }]);
    expect(stored).toEqual([true]);
  });

  it('writes all of a batch or none of it', async () => {
    const writing = applyHistoryWrites(db, [
      { store: STORES.onlineCounts, row: { time: 1, count: 1 } },
      { store: STORES.pricePoints, row: pricePoint(Number.NaN) },
    ]);
    await expect(writing).rejects.toMatchObject({ name: 'DataError' });
    expect(await db.count(STORES.onlineCounts)).toBe(0);
  });
});
