import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeListing } from '@/tests/fixtures/players';
import { chartRange } from '@/utils/history/chart-ranges';
import { DAY_MS, HOUR_MS, LISTING_MAX_AGE_MS } from '@/utils/history/history-limits';
import { createHistoryWriter } from '@/utils/history/history-writer';
import { itemListings } from '@/utils/history/item-listings';
import {
  itemKeyBounds,
  LISTING_BUCKET_MS,
  listingItem,
  listingPricePoints,
} from '@/utils/history/listing-history';
import { median } from '@/utils/history/median';
import { STORES } from '@/utils/history/schema';
import { freshIndexedDb } from './history-fixtures';

const T0 = Date.UTC(2026, 10, 20, 12);

beforeEach(freshIndexedDb);

describe('the item key', () => {
  it('is the listing material and display name as shown, colour codes and all', () => {
    expect(listingItem(makeListing({ material: 'BARRIER', display_name: '&6Barrier' }))).toEqual({
      material: 'BARRIER',
      name: '&6Barrier',
    });
  });

  it('bounds one item over a span in the [material, name, time] index', () => {
    expect(itemKeyBounds({ material: 'BARRIER', name: 'Barrier' }, 1, 2)).toEqual([
      ['BARRIER', 'Barrier', 1],
      ['BARRIER', 'Barrier', 2],
    ]);
  });
});

describe('bucketing per range', () => {
  it('is an hour over 24 h, 6 hours over 7 days and a day over 30, about 24 to 30 points each', () => {
    expect(LISTING_BUCKET_MS).toEqual({ '24h': HOUR_MS, '7d': 6 * HOUR_MS, '30d': DAY_MS });
  });

  it('gives each bucket with a listing its lowest and median price per item, at its start', () => {
    const rows = [
      { time: T0 + 10, perItem: 30 },
      { time: T0 + 20, perItem: 10 },
      { time: T0 + 30, perItem: 20 },
      { time: T0 + HOUR_MS + 5, perItem: 7 },
      // Two hours later, none in between: the empty bucket is no point (the chart's gap).
      { time: T0 + 3 * HOUR_MS, perItem: 8 },
      { time: T0 + 3 * HOUR_MS + 1, perItem: 9 },
    ];
    expect(listingPricePoints(rows, { from: T0, to: T0 + DAY_MS }, HOUR_MS)).toEqual([
      { time: T0, lowest: 10, median: 20 },
      { time: T0 + HOUR_MS, lowest: 7, median: 7 },
      { time: T0 + 3 * HOUR_MS, lowest: 8, median: 8.5 },
    ]);
  });

  it('leaves out listings outside the range, and buckets by the UTC epoch whatever the range', () => {
    const rows = [
      { time: T0 - 1, perItem: 1 },
      { time: T0 + 2 * HOUR_MS, perItem: 5 },
      { time: T0 + DAY_MS + 1, perItem: 1 },
    ];
    const range = chartRange('24h', T0 + DAY_MS);
    expect(listingPricePoints(rows, range, HOUR_MS)).toEqual([
      { time: T0 + 2 * HOUR_MS, lowest: 5, median: 5 },
    ]);
    // A day bucket starts at UTC midnight, before the range's first listing.
    expect(listingPricePoints(rows, range, DAY_MS)).toEqual([
      { time: T0 - 12 * HOUR_MS, lowest: 5, median: 5 },
    ]);
  });

  it('holds every listing in range once, ascending, each point its bucket lowest and median (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            time: fc.integer({ min: 0, max: 30 * DAY_MS }),
            perItem: fc.integer({ min: 0, max: 1e6 }),
          }),
        ),
        fc.constantFrom(...Object.values(LISTING_BUCKET_MS)),
        (rows, bucket) => {
          const range = { from: 0, to: 30 * DAY_MS };
          const points = listingPricePoints(rows, range, bucket);
          for (let i = 1; i < points.length; i++)
            expect((points[i]?.time ?? 0) - (points[i - 1]?.time ?? 0)).toBeGreaterThanOrEqual(bucket);
          for (const point of points) {
            const prices = rows
              .filter((row) => row.time - (row.time % bucket) === point.time)
              .map((row) => row.perItem);
            expect(point.lowest).toBe(Math.min(...prices));
            expect(point.median).toBe(median(prices));
          }
          expect(new Set(points.map((point) => point.time)).size).toBe(
            new Set(rows.map((row) => row.time - (row.time % bucket))).size,
          );
        },
      ),
    );
  });
});

describe('reading an item from the recorded listings', () => {
  it('reads only that item (same material and display name) over the last 30 days', async () => {
    const writer = createHistoryWriter({ batchMs: 0 });
    await writer.recordListings(
      [makeListing({ id: 1, material: 'BARRIER', display_name: 'Barrier', price: 40 })],
      T0,
    );
    await writer.recordListings(
      [
        makeListing({ id: 2, material: 'BARRIER', display_name: 'Barrier', price: 90, amount: 3 }),
        // Renamed, another material, the same name: other items.
        makeListing({ id: 3, material: 'BARRIER', display_name: 'Cheap barrier', price: 1 }),
        makeListing({ id: 4, material: 'STONE', display_name: 'Barrier', price: 1 }),
      ],
      T0 + HOUR_MS,
    );
    await writer.recordListings(
      [makeListing({ id: 5, material: 'BARRIER', display_name: 'Barrier', price: 1 })],
      T0 - LISTING_MAX_AGE_MS - 1,
    );
    const rows = await writer.withDatabase((db) =>
      itemListings(db, { material: 'BARRIER', name: 'Barrier' }, T0 + 2 * HOUR_MS),
    );
    expect(rows.map((row) => [row.id, row.perItem])).toEqual([
      [1, 40],
      [2, 30],
    ]);
    await writer.close();
  });

  it('leaves out a row it cannot read rather than trust it', async () => {
    const writer = createHistoryWriter({ batchMs: 0 });
    await writer.recordListings([makeListing({ id: 1, material: 'BARRIER', display_name: 'Barrier' })], T0);
    await writer.withDatabase(async (db) => {
      await db.put(STORES.listings, {
        id: 2,
        time: T0,
        material: 'BARRIER',
        name: 'Barrier',
        perItem: -5,
      } as never);
    });
    const rows = await writer.withDatabase((db) =>
      itemListings(db, { material: 'BARRIER', name: 'Barrier' }, T0),
    );
    expect(rows.map((row) => row.id)).toEqual([1]);
    await writer.close();
  });
});
