import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { historySize, SIZE_SAMPLE_ROWS } from '@/utils/history/history-size';
import { type HistoryDatabase, openHistoryDb } from '@/utils/history/open-history-db';
import { STORES } from '@/utils/history/schema';
import { freshIndexedDb, putCounts, snapshot } from './history-fixtures';

describe('historySize', () => {
  let db: HistoryDatabase;

  beforeEach(async () => {
    freshIndexedDb();
    db = await openHistoryDb({ name: 'size-test' });
  });

  afterEach(() => {
    db.close();
  });

  it('is zero for an empty database', async () => {
    expect(await historySize(db)).toEqual({
      rows: { [STORES.onlineCounts]: 0, playerSnapshots: 0, pricePoints: 0, listings: 0 },
      approxBytes: 0,
    });
  });

  it('extrapolates bytes from a sample when there are more rows than it reads', async () => {
    const rows = SIZE_SAMPLE_ROWS * 3;
    const tx = db.transaction(STORES.playerSnapshots, 'readwrite');
    // Every snapshot the same size as JSON: times 1000000 to 1000299.
    for (let i = 0; i < rows; i++) void tx.store.put(snapshot(1_000_000 + i));
    await tx.done;
    const size = await historySize(db);
    expect(size.rows).toEqual({
      [STORES.onlineCounts]: 0,
      playerSnapshots: rows,
      pricePoints: 0,
      listings: 0,
    });
    expect(size.approxBytes).toBe(rows * JSON.stringify(snapshot(1_000_000)).length);
  });

  it('counts every online count inside the hour records, and weighs the records', async () => {
    const counts = Array.from({ length: 150 }, (_, i) => ({ time: 1_000_000 + i * 60_000, count: 10 }));
    await putCounts(db, counts);
    const size = await historySize(db);
    expect(size.rows[STORES.onlineCounts]).toBe(150);
    const hours = await db.getAll(STORES.onlineCounts);
    expect(hours.length).toBeGreaterThan(1);
    expect(size.approxBytes).toBe(hours.reduce((sum, hour) => sum + JSON.stringify(hour).length, 0));
  });
});
