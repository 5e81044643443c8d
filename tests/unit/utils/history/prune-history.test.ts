import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chartData } from '@/utils/history/chart-data';
import { CHART_RANGES, chartRange } from '@/utils/history/chart-ranges';
import { priceDayStart } from '@/utils/history/downsample';
import {
  DAY_MS,
  HOUR_MS,
  ONLINE_FULL_RESOLUTION_MS,
  ONLINE_MAX_AGE_MS,
  PLAYER_MAX_AGE_MS,
  PRICE_FULL_RESOLUTION_MS,
  PRICE_MAX_AGE_MS,
} from '@/utils/history/history-limits';
import type { PricePointRow } from '@/utils/history/history-rows';
import {
  ITEM_PRICE_EXTENTS,
  itemPricePoints,
  priceChartSpan,
  pricedItems,
} from '@/utils/history/item-history';
import { median } from '@/utils/history/median';
import { type HistoryDatabase, openHistoryDb } from '@/utils/history/open-history-db';
import { itemKey } from '@/utils/history/price-summary';
import { pruneHistory } from '@/utils/history/prune-history';
import { STORES } from '@/utils/history/schema';
import { applyHistoryWrites } from '@/utils/history/write-batch';
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
    expect(again.deleted).toEqual({
      [STORES.onlineCounts]: 0,
      pricePoints: 0,
      playerSnapshots: 0,
      listings: 0,
    });
    expect(again.downsampled).toEqual({
      [STORES.onlineCounts]: 0,
      pricePoints: 0,
      playerSnapshots: 0,
      listings: 0,
    });
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

  it('keeps 7 days of prices as they are, one row per search and day beyond, nothing past 90 days', async () => {
    const old = NOW - PRICE_FULL_RESOLUTION_MS - 2 * DAY_MS;
    const points = [
      pricePoint(NOW - PRICE_MAX_AGE_MS - 1),
      pricePoint(old, { lowest: 9, median: 12, listings: 4 }),
      pricePoint(old + 60_000, { searchId: 'emeralds', lowest: 1, median: 1, listings: 1 }),
      pricePoint(old + 13 * HOUR_MS, { lowest: 8, median: 14, listings: 6 }),
      pricePoint(NOW - DAY_MS, { lowest: 99 }),
    ];
    for (const point of points) await db.put(STORES.pricePoints, point);

    const result = await pruneHistory(db, NOW);

    const day = { span: 'day', lowestMax: 9, medianMin: 12, medianMax: 14 };
    expect(await db.getAll(STORES.pricePoints)).toEqual([
      { searchId: 'diamonds', time: old, lowest: 8, median: 13, listings: 5, samples: 2, ...day },
      pricePoint(NOW - DAY_MS, { lowest: 99 }),
      {
        searchId: 'emeralds',
        time: old,
        lowest: 1,
        median: 1,
        listings: 1,
        samples: 1,
        span: 'day',
        lowestMax: 1,
        medianMin: 1,
        medianMax: 1,
      },
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

  it('does retention in one readwrite transaction, then folds prices in one of their own', async () => {
    await putCounts(db, [{ time: NOW - ONLINE_MAX_AGE_MS - 1, count: 1 }]);
    await db.put(STORES.pricePoints, pricePoint(NOW - PRICE_MAX_AGE_MS - 1));
    await db.put(STORES.playerSnapshots, snapshot(NOW - PLAYER_MAX_AGE_MS - 1));
    const transactions = vi.spyOn(IDBDatabase.prototype, 'transaction');
    await pruneHistory(db, NOW);
    expect(transactions.mock.calls.map(([stores, mode]) => [stores, mode])).toEqual([
      [[STORES.onlineCounts, STORES.pricePoints, STORES.playerSnapshots, STORES.listings], 'readwrite'],
      [STORES.pricePoints, 'readwrite'],
    ]);
  });
});

describe('pruneHistory: price points folded a day at a time', () => {
  /** Mid-afternoon: the day that straddles the 7-day line is not whole yet. */
  const AT = Date.UTC(2025, 5, 1, 15, 20);
  const CHECK_MS = 2.5 * HOUR_MS;
  const ITEMS = ['Diamond', 'Diamond Block', 'Elytra'];

  /** 40 days of checks of two searches, three items with prices that move, one item at times unlisted. */
  function rawPoints(): PricePointRow[] {
    const rows: PricePointRow[] = [];
    for (const [index, searchId] of ['diamonds', 'wings'].entries()) {
      for (let time = AT - 40 * DAY_MS + index * HOUR_MS; time <= AT; time += CHECK_MS) {
        const wave = Math.round(50 * Math.sin(time / (7 * HOUR_MS)));
        const items = ITEMS.flatMap((name, item) =>
          item === 2 && wave > 30
            ? []
            : [
                {
                  material: name.toUpperCase().replaceAll(' ', '_'),
                  name,
                  lowest: 100 + item * 50 + wave + (time % 7),
                  median: 160 + item * 50 + ((time / 60_000) % 23) + wave,
                  listings: 3 + ((time / 60_000) % 5) + item,
                },
              ],
        );
        rows.push(pricePoint(time, { searchId, lowest: items[0]?.lowest, median: items[0]?.median, items }));
      }
    }
    return rows;
  }

  let names = 0;
  const opened: HistoryDatabase[] = [];
  async function seeded(rows: readonly PricePointRow[]): Promise<HistoryDatabase> {
    const db = await openHistoryDb({ name: `fold-${names++}` });
    opened.push(db);
    for (const row of rows) await db.put(STORES.pricePoints, row);
    return db;
  }

  beforeEach(() => {
    freshIndexedDb();
  });

  afterEach(() => {
    for (const db of opened.splice(0)) db.close();
    vi.restoreAllMocks();
  });

  const foldedBefore = priceDayStart(AT - PRICE_FULL_RESOLUTION_MS);

  it('leaves one row per search and whole day beyond 7 days, and every point of the last 7 days as it was', async () => {
    const raw = rawPoints();
    const db = await seeded(raw);
    await pruneHistory(db, AT);
    const rows = await db.getAll(STORES.pricePoints);
    const old = rows.filter((row) => row.time < foldedBefore);
    expect(old.every((row) => row.span === 'day' && row.time === priceDayStart(row.time))).toBe(true);
    expect(old.length).toBe(2 * ((foldedBefore - priceDayStart(raw[0]?.time ?? 0)) / DAY_MS));
    expect(rows.filter((row) => row.time >= foldedBefore)).toEqual(
      raw.filter((row) => row.time >= foldedBefore).sort((a, b) => a.searchId.localeCompare(b.searchId)),
    );
  });

  it('gives each folded day the figures of its points: lowest, median of medians, extremes, mean listings', async () => {
    const raw = rawPoints();
    const db = await seeded(raw);
    await pruneHistory(db, AT);
    const folded = (await db.getAll(STORES.pricePoints)).filter((row) => row.time < foldedBefore);
    for (const row of folded) {
      const day = raw.filter(
        (point) => point.searchId === row.searchId && priceDayStart(point.time) === row.time,
      );
      expect(row.samples).toBe(day.length);
      for (const item of row.items ?? []) {
        const listed = day.flatMap((point) => point.items?.filter((entry) => entry.name === item.name) ?? []);
        const lowests = listed.map((entry) => entry.lowest as number);
        const medians = listed.map((entry) => entry.median as number);
        expect(item).toEqual({
          material: item.material,
          name: item.name,
          lowest: Math.min(...lowests),
          median: median(medians),
          lowestMax: Math.max(...lowests),
          medianMin: Math.min(...medians),
          medianMax: Math.max(...medians),
          listings: Math.round(listed.reduce((sum, entry) => sum + entry.listings, 0) / day.length),
        });
      }
      expect(row.items?.map((item) => item.name).sort()).toEqual(
        [...new Set(day.flatMap((point) => point.items?.map((item) => item.name) ?? []))].sort(),
      );
    }
  });

  it('draws the 7-day chart from the same points, and sums up 30 days with the same figures', async () => {
    const raw = rawPoints();
    const db = await seeded(raw);
    await pruneHistory(db, AT);
    const folded = await db.getAll(STORES.pricePoints);
    const of = (rows: readonly PricePointRow[], searchId: string) =>
      rows.filter((row) => row.searchId === searchId).sort((a, b) => a.time - b.time);
    for (const searchId of ['diamonds', 'wings']) {
      for (const name of ITEMS) {
        const key = itemKey({ material: name.toUpperCase().replaceAll(' ', '_'), name });
        const draw = (rows: readonly PricePointRow[], range: '7d' | '30d') => {
          const span = priceChartSpan(chartRange(range, AT), AT);
          return chartData(
            itemPricePoints(
              of(rows, searchId).filter((row) => row.time >= span.from),
              key,
            ),
            {
              ...span,
              expectedIntervalMs: CHART_RANGES[range].ms / 24,
              time: (point) => point.time,
              series: [(point) => point.lowest, (point) => point.median],
              extents: ITEM_PRICE_EXTENTS,
            },
          );
        };
        expect(draw(folded, '7d')).toEqual(draw(raw, '7d'));
        const before = draw(raw, '30d');
        const after = draw(folded, '30d');
        expect(after.summaries).toEqual(before.summaries);
        expect(after.gaps).toEqual([]);
        expect(after.points).toBeLessThan(before.points / 3);
      }
      // The item picker orders the items as the points did.
      expect(pricedItems(of(folded, searchId)).map((item) => item.name)).toEqual(
        pricedItems(of(raw, searchId)).map((item) => item.name),
      );
    }
  });

  it('folds in batches of whole days, and changes nothing when run again', async () => {
    const raw = rawPoints();
    const whole = await seeded(raw);
    await pruneHistory(whole, AT);
    const batched = await seeded(raw);
    const transactions = vi.spyOn(IDBDatabase.prototype, 'transaction');
    await pruneHistory(batched, AT, { foldBatchRows: 25 });
    // Some 33 days of about 19 points: a batch of two days each, after the retention pass.
    expect(transactions.mock.calls.length).toBeGreaterThan(15);
    const rows = await batched.getAll(STORES.pricePoints);
    expect(rows).toEqual(await whole.getAll(STORES.pricePoints));

    const again = await pruneHistory(batched, AT, { foldBatchRows: 25 });
    expect(again.downsampled[STORES.pricePoints]).toBe(0);
    expect(await batched.getAll(STORES.pricePoints)).toEqual(rows);
  });

  it('leaves no double count when a fold is interrupted half way, and finishes it on the next run', async () => {
    const raw = rawPoints();
    const whole = await seeded(raw);
    await pruneHistory(whole, AT);

    const interrupted = await seeded(raw);
    const put = IDBObjectStore.prototype.put;
    let puts = 0;
    // The 25th fold write fails: its batch had deleted days' points and written other days' folds.
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
      if (++puts === 25) throw new DOMException('The worker was stopped', 'AbortError');
      return put.apply(this, args);
    });
    await expect(pruneHistory(interrupted, AT, { foldBatchRows: 100 })).rejects.toThrow('stopped');
    vi.restoreAllMocks();

    const half = await interrupted.getAll(STORES.pricePoints);
    const days = half.filter((row) => row.span === 'day');
    expect(days.length).toBeGreaterThan(0);
    // Every day is either all points or one fold of all of them: never both.
    for (const day of days) {
      expect(
        half.filter((row) => row.searchId === day.searchId && priceDayStart(row.time) === day.time),
      ).toEqual([day]);
    }
    expect(days.reduce((sum, day) => sum + (day.samples ?? 0), 0) + half.length - days.length).toBe(
      raw.length,
    );

    await pruneHistory(interrupted, AT, { foldBatchRows: 100 });
    expect(await interrupted.getAll(STORES.pricePoints)).toEqual(await whole.getAll(STORES.pricePoints));
  });

  it('weights a fold by the points it stands for when a late point joins its day', async () => {
    const day = foldedBefore - 3 * DAY_MS;
    const db = await seeded([
      pricePoint(day + HOUR_MS, { lowest: 10, median: 20, listings: 2 }),
      pricePoint(day + 5 * HOUR_MS, { lowest: 12, median: 22, listings: 4 }),
    ]);
    await pruneHistory(db, AT);
    await db.put(STORES.pricePoints, pricePoint(day + 20 * HOUR_MS, { lowest: 6, median: 30, listings: 9 }));
    const result = await pruneHistory(db, AT);
    expect(result.downsampled[STORES.pricePoints]).toBe(1);
    expect(await db.getAll(STORES.pricePoints)).toEqual([
      {
        searchId: 'diamonds',
        time: day,
        lowest: 6,
        median: 25.5,
        listings: 5,
        samples: 3,
        span: 'day',
        lowestMax: 12,
        medianMin: 20,
        medianMax: 30,
      },
    ]);
  });

  it('folds a point recorded while the clock was set back into its folded day (issue 33, point 6)', async () => {
    const early = foldedBefore - 5 * DAY_MS;
    const late = foldedBefore - 2 * DAY_MS;
    const db = await seeded([
      pricePoint(early + HOUR_MS, { lowest: 10, median: 20, listings: 2 }),
      pricePoint(late + HOUR_MS, { lowest: 14, median: 24, listings: 2 }),
      pricePoint(AT - HOUR_MS, { lowest: 15, median: 25, listings: 2 }),
    ]);
    await pruneHistory(db, AT);
    // The clock set back into the early folded day: the recorder writes what it sees.
    await applyHistoryWrites(db, [
      {
        store: STORES.pricePoints,
        row: pricePoint(early + 3 * HOUR_MS, { lowest: 8, median: 30, listings: 4 }),
      },
      {
        store: STORES.pricePoints,
        row: pricePoint(early + 4 * HOUR_MS, { searchId: 'wings', lowest: 5, median: 6, listings: 1 }),
      },
    ]);
    await pruneHistory(db, AT + HOUR_MS);
    const earlyDay = (await db.getAll(STORES.pricePoints)).filter((row) => priceDayStart(row.time) === early);
    expect(earlyDay).toEqual([
      expect.objectContaining({ searchId: 'diamonds', time: early, span: 'day', lowest: 8, samples: 2 }),
      expect.objectContaining({ searchId: 'wings', time: early, span: 'day', lowest: 5, samples: 1 }),
    ]);
  });

  /** The price rows each cursor step of the prunes reaches (fake-indexeddb's `_iterate`), from now on. */
  function rowsRead(): PricePointRow[] {
    const cursor = IDBCursor.prototype as unknown as { _iterate(...args: unknown[]): unknown };
    const step = cursor._iterate;
    const read: PricePointRow[] = [];
    vi.spyOn(cursor, '_iterate').mockImplementation(function (this: unknown, ...args) {
      const reached = step.apply(this, args) as { value?: unknown } | null;
      const value = reached?.value as Partial<PricePointRow> | undefined;
      if (value?.searchId !== undefined) read.push(value as PricePointRow);
      return reached;
    });
    return read;
  }

  it('reads no folded day again: the next prune starts after the newest fold, and folds what is new as a whole fold does', async () => {
    const raw = rawPoints();
    const db = await seeded(raw);
    await pruneHistory(db, AT);
    const foldedDays = (await db.getAll(STORES.pricePoints)).filter((row) => row.span === 'day').length;
    expect(foldedDays).toBeGreaterThan(60);

    // An hour later: nothing new to fold, and the one fold read is where the look back stops.
    let read = rowsRead();
    await pruneHistory(db, AT + HOUR_MS);
    expect(read.filter((row) => row.span === 'day')).toHaveLength(1);
    expect(read).toHaveLength(1);
    vi.restoreAllMocks();

    // A day later: a new day to fold, its points read (looking back, then folding), one fold.
    read = rowsRead();
    await pruneHistory(db, AT + DAY_MS);
    const newDay = raw.filter((row) => priceDayStart(row.time) === foldedBefore);
    expect(newDay.length).toBeGreaterThan(10);
    expect(read.filter((row) => row.span === 'day')).toHaveLength(1);
    expect(read).toHaveLength(2 * newDay.length + 1);
    vi.restoreAllMocks();
    const whole = await seeded(raw);
    await pruneHistory(whole, AT + DAY_MS);
    expect(await db.getAll(STORES.pricePoints)).toEqual(await whole.getAll(STORES.pricePoints));
  });
});
