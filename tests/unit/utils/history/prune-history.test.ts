import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DAY_MS,
  HOUR_MS,
  ONLINE_FULL_RESOLUTION_MS,
  ONLINE_MAX_AGE_MS,
  PLAYER_MAX_AGE_MS,
  PRICE_FULL_RESOLUTION_MS,
  PRICE_MAX_AGE_MS,
} from '@/utils/history/history-limits';
import { type HistoryDatabase, openHistoryDb } from '@/utils/history/open-history-db';
import { pruneHistory } from '@/utils/history/prune-history';
import { STORES } from '@/utils/history/schema';
import { allCounts, freshIndexedDb, pricePoint, putCounts, snapshot } from './history-fixtures';

/** Midnight UTC, so hour buckets line up with the cutoffs below. */
const NOW = Date.UTC(2025, 5, 1);

describe('pruneHistory', () => {
  let db: HistoryDatabase;

  beforeEach(async () => {
    freshIndexedDb();
    db = await openHistoryDb({ name: 'prune-test' });
  });

  afterEach(() => {
    db.close();
  });

  it('keeps 30 days of online counts as they are, hourly min/max/mean beyond, nothing past a year', async () => {
    const old = NOW - ONLINE_FULL_RESOLUTION_MS - 10 * DAY_MS;
    const rows = [
      { time: NOW - ONLINE_MAX_AGE_MS - 1, count: 1 },
      { time: old, count: 10 },
      { time: old + 60_000, count: 40 },
      { time: old + 120_000, count: 25 },
      { time: old + HOUR_MS + 60_000, count: 7 },
      { time: NOW - ONLINE_FULL_RESOLUTION_MS, count: 3 },
      { time: NOW - 60_000, count: 5 },
    ];
    await putCounts(db, rows);

    const result = await pruneHistory(db, NOW);

    expect(await allCounts(db)).toEqual([
      { time: old, count: 25, min: 10, max: 40, samples: 3 },
      { time: old + HOUR_MS, count: 7, min: 7, max: 7, samples: 1 },
      { time: NOW - ONLINE_FULL_RESOLUTION_MS, count: 3 },
      { time: NOW - 60_000, count: 5 },
    ]);
    expect(result.deleted[STORES.onlineCounts]).toBe(1);
    expect(result.downsampled[STORES.onlineCounts]).toBe(4);
  });

  it('changes nothing when run again', async () => {
    const old = NOW - ONLINE_FULL_RESOLUTION_MS - DAY_MS;
    await putCounts(db, [{ time: old, count: 2 }]);
    await putCounts(db, [{ time: old + 1, count: 4 }]);
    await db.put(STORES.pricePoints, pricePoint(NOW - PRICE_FULL_RESOLUTION_MS - DAY_MS));
    await pruneHistory(db, NOW);
    const before = [await allCounts(db), await db.getAll(STORES.pricePoints)];
    const again = await pruneHistory(db, NOW);
    expect([await allCounts(db), await db.getAll(STORES.pricePoints)]).toEqual(before);
    expect(again.deleted).toEqual({ [STORES.onlineCounts]: 0, pricePoints: 0, playerSnapshots: 0 });
    expect(again.downsampled).toEqual({ [STORES.onlineCounts]: 0, pricePoints: 0, playerSnapshots: 0 });
  });

  it('folds a late count into its hourly row without losing the earlier samples', async () => {
    const hour = NOW - ONLINE_FULL_RESOLUTION_MS - DAY_MS;
    await putCounts(db, [{ time: hour, count: 10, min: 5, max: 20, samples: 3 }]);
    await putCounts(db, [{ time: hour + 30 * 60_000, count: 30 }]);
    await pruneHistory(db, NOW);
    expect(await allCounts(db)).toEqual([{ time: hour, count: 15, min: 5, max: 30, samples: 4 }]);
  });

  it('keeps the hour that straddles the 30-day line at full resolution until all of it is older', async () => {
    const hour = NOW - ONLINE_FULL_RESOLUTION_MS;
    // Both rows are older than 30 days at the first pass, but their hour is not all beyond the line.
    await putCounts(db, [{ time: hour + 60_000, count: 1 }]);
    await putCounts(db, [{ time: hour + 120_000, count: 2 }]);
    await pruneHistory(db, NOW + 30 * 60_000);
    expect(await allCounts(db)).toHaveLength(2);
    await pruneHistory(db, NOW + HOUR_MS);
    expect(await allCounts(db)).toEqual([{ time: hour, count: 1.5, min: 1, max: 2, samples: 2 }]);
  });

  it('keeps 7 days of prices as they are, hourly per search beyond, nothing past 90 days', async () => {
    const old = NOW - PRICE_FULL_RESOLUTION_MS - 2 * DAY_MS;
    const points = [
      pricePoint(NOW - PRICE_MAX_AGE_MS - 1),
      pricePoint(old, { lowest: 9, median: 12, listings: 4 }),
      pricePoint(old + 60_000, { searchId: 'emeralds', lowest: 1, median: 1, listings: 1 }),
      pricePoint(old + 120_000, { lowest: 8, median: 14, listings: 6 }),
      pricePoint(NOW - DAY_MS, { lowest: 99 }),
    ];
    for (const point of points) await db.put(STORES.pricePoints, point);

    const result = await pruneHistory(db, NOW);

    expect(await db.getAll(STORES.pricePoints)).toEqual([
      { searchId: 'diamonds', time: old, lowest: 8, median: 13, listings: 5, samples: 2 },
      pricePoint(NOW - DAY_MS, { lowest: 99 }),
      { searchId: 'emeralds', time: old, lowest: 1, median: 1, listings: 1, samples: 1 },
    ]);
    expect(result.deleted[STORES.pricePoints]).toBe(1);
    expect(result.downsampled[STORES.pricePoints]).toBe(3);
  });

  it('keeps player snapshots for a year', async () => {
    await db.put(STORES.playerSnapshots, snapshot(NOW - PLAYER_MAX_AGE_MS - 1));
    await db.put(STORES.playerSnapshots, snapshot(NOW - PLAYER_MAX_AGE_MS));
    await db.put(STORES.playerSnapshots, snapshot(NOW - DAY_MS));
    const result = await pruneHistory(db, NOW);
    expect((await db.getAll(STORES.playerSnapshots)).map((row) => row.time)).toEqual([
      NOW - PLAYER_MAX_AGE_MS,
      NOW - DAY_MS,
    ]);
    expect(result.deleted[STORES.playerSnapshots]).toBe(1);
  });

  it('deletes rows it cannot read in the pruned range', async () => {
    await putCounts(db, [{ time: NOW - ONLINE_FULL_RESOLUTION_MS - DAY_MS, count: -5 }]);
    const result = await pruneHistory(db, NOW);
    expect(await db.count(STORES.onlineCounts)).toBe(0);
    expect(result.deleted[STORES.onlineCounts]).toBe(1);
  });

  it('does it all in one readwrite transaction', async () => {
    await putCounts(db, [{ time: NOW - ONLINE_MAX_AGE_MS - 1, count: 1 }]);
    await db.put(STORES.pricePoints, pricePoint(NOW - PRICE_MAX_AGE_MS - 1));
    await db.put(STORES.playerSnapshots, snapshot(NOW - PLAYER_MAX_AGE_MS - 1));
    const transactions = vi.spyOn(IDBDatabase.prototype, 'transaction');
    await pruneHistory(db, NOW);
    expect(transactions).toHaveBeenCalledOnce();
    expect(transactions.mock.calls[0]?.[1]).toBe('readwrite');
  });
});
