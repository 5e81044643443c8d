import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { historySize, SIZE_SAMPLE_ROWS } from '../../../../utils/history/history-size';
import { type HistoryDatabase, openHistoryDb } from '../../../../utils/history/open-history-db';
import { STORES } from '../../../../utils/history/schema';
import { freshIndexedDb, snapshot } from './history-fixtures';

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
      rows: { onlineCounts: 0, playerSnapshots: 0, pricePoints: 0 },
      approxBytes: 0,
    });
  });

  it('extrapolates bytes from a sample when there are more rows than it reads', async () => {
    const rows = SIZE_SAMPLE_ROWS * 3;
    const tx = db.transaction(STORES.onlineCounts, 'readwrite');
    // Every row the same size as JSON: 1000000 <= time < 1000300, count 10.
    for (let i = 0; i < rows; i++) void tx.store.put({ time: 1_000_000 + i, count: 10 });
    await tx.done;
    await db.put(STORES.playerSnapshots, snapshot(5));
    const size = await historySize(db);
    expect(size.rows).toEqual({ onlineCounts: rows, playerSnapshots: 1, pricePoints: 0 });
    const rowBytes = JSON.stringify({ time: 1_000_000, count: 10 }).length;
    expect(size.approxBytes).toBe(rows * rowBytes + JSON.stringify(snapshot(5)).length);
  });
});
