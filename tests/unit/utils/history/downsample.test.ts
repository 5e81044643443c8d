import { describe, expect, it } from 'vitest';
import {
  bucketNeedsRewrite,
  bucketStart,
  combineOnlineCounts,
  combinePricePoints,
  foldPriceDay,
  priceDayNeedsFold,
  priceDayStart,
} from '@/utils/history/downsample';
import { DAY_MS, HOUR_MS } from '@/utils/history/history-limits';
import type { PricePointRow } from '@/utils/history/history-rows';
import { pricePoint } from './history-fixtures';

const H = 1_000 * HOUR_MS;

describe('bucketStart', () => {
  it('rounds down to the hour', () => {
    expect(bucketStart(H)).toBe(H);
    expect(bucketStart(H + HOUR_MS - 1)).toBe(H);
    expect(bucketStart(H + HOUR_MS)).toBe(H + HOUR_MS);
  });
});

describe('bucketNeedsRewrite', () => {
  it('leaves a bucket alone that is one hourly row already', () => {
    expect(bucketNeedsRewrite([{ samples: 60 }])).toBe(false);
    expect(bucketNeedsRewrite([])).toBe(false);
  });

  it('rewrites fetched rows, even a single one, and several hourly rows', () => {
    expect(bucketNeedsRewrite([{}])).toBe(true);
    expect(bucketNeedsRewrite([{ samples: 60 }, {}])).toBe(true);
    expect(bucketNeedsRewrite([{ samples: 30 }, { samples: 30 }])).toBe(true);
  });
});

describe('combineOnlineCounts', () => {
  it('keeps mean, min and max of fetched counts', () => {
    const row = combineOnlineCounts(
      [
        { time: H, count: 10 },
        { time: H + 60_000, count: 30 },
        { time: H + 120_000, count: 20 },
      ],
      H,
    );
    expect(row).toEqual({ time: H, count: 20, min: 10, max: 30, samples: 3 });
  });

  it('weights an hourly row by the counts it stands for', () => {
    const row = combineOnlineCounts(
      [
        { time: H, count: 10, min: 2, max: 50, samples: 3 },
        { time: H + 60_000, count: 30 },
      ],
      H,
    );
    expect(row).toEqual({ time: H, count: 15, min: 2, max: 50, samples: 4 });
  });
});

describe('combinePricePoints', () => {
  it('keeps the lowest lowest, the median of medians and the mean listings', () => {
    const row = combinePricePoints(
      'diamonds',
      [
        pricePoint(H, { lowest: 8, median: 10, listings: 4 }),
        pricePoint(H + 60_000, { lowest: 6, median: 14, listings: 5 }),
        pricePoint(H + 120_000, { lowest: 9, median: 11, listings: 6 }),
      ],
      H,
    );
    expect(row).toEqual({
      searchId: 'diamonds',
      time: H,
      lowest: 6,
      median: 11,
      listings: 5,
      samples: 3,
      // The extremes of the points, for a chart's "from … to …".
      lowestMax: 9,
      medianMin: 10,
      medianMax: 14,
    });
  });

  it('prices from points that had listings, and weights hourly rows', () => {
    const row = combinePricePoints(
      'diamonds',
      [
        pricePoint(H, { lowest: null, median: null, listings: 0 }),
        pricePoint(H + 60_000, { lowest: 7, median: 9, listings: 4, samples: 3 }),
      ],
      H,
    );
    expect(row).toEqual({
      searchId: 'diamonds',
      time: H,
      lowest: 7,
      median: 9,
      listings: 3,
      samples: 4,
      lowestMax: 7,
      medianMin: 9,
      medianMax: 9,
    });
  });

  it('has no prices when no point had listings', () => {
    const row = combinePricePoints('x', [pricePoint(H, { lowest: null, median: null, listings: 0 })], H);
    expect(row).toEqual({ searchId: 'x', time: H, lowest: null, median: null, listings: 0, samples: 1 });
  });
});

describe('combinePricePoints per item', () => {
  const diamond = (lowest: number, median: number, listings: number) => ({
    material: 'DIAMOND',
    name: 'Diamond',
    lowest,
    median,
    listings,
  });
  const block = (lowest: number, median: number, listings: number) => ({
    material: 'DIAMOND_BLOCK',
    name: 'Diamond Block',
    lowest,
    median,
    listings,
  });

  it('combines each item on its own, never one item’s prices with another’s', () => {
    const row = combinePricePoints(
      'diamonds',
      [
        pricePoint(H, { items: [diamond(2, 3, 4), block(20, 30, 2)] }),
        pricePoint(H + 60_000, { items: [diamond(1, 5, 6)] }),
      ],
      H,
    );
    expect(row.items).toEqual([
      // Listings are the mean over the bucket's samples, 0 where the item was not listed.
      {
        material: 'DIAMOND',
        name: 'Diamond',
        lowest: 1,
        median: 4,
        listings: 5,
        lowestMax: 2,
        medianMin: 3,
        medianMax: 5,
      },
      {
        material: 'DIAMOND_BLOCK',
        name: 'Diamond Block',
        lowest: 20,
        median: 30,
        listings: 1,
        lowestMax: 20,
        medianMin: 30,
        medianMax: 30,
      },
    ]);
  });

  it('keeps no items when a row of the bucket predates them: what it listed is unknown', () => {
    const row = combinePricePoints(
      'diamonds',
      [pricePoint(H), pricePoint(H + 60_000, { items: [diamond(2, 3, 4)] })],
      H,
    );
    expect(row.items).toBeUndefined();
  });
});

describe('price days', () => {
  const D = Date.UTC(2025, 2, 3);

  it('start at midnight UTC', () => {
    expect(priceDayStart(D)).toBe(D);
    expect(priceDayStart(D + DAY_MS - 1)).toBe(D);
    expect(priceDayStart(D + DAY_MS)).toBe(D + DAY_MS);
  });

  it('are folded unless the day is one folded row already (an hourly row or a point is folded again)', () => {
    const folded = foldPriceDay('diamonds', [pricePoint(D + HOUR_MS), pricePoint(D + 9 * HOUR_MS)], D);
    expect(folded).toMatchObject({ time: D, span: 'day', samples: 2 });
    expect(priceDayNeedsFold([folded])).toBe(false);
    expect(priceDayNeedsFold([folded, pricePoint(D + 20 * HOUR_MS)])).toBe(true);
    expect(priceDayNeedsFold([pricePoint(D, { samples: 4 })])).toBe(true);
    expect(priceDayNeedsFold([pricePoint(D)])).toBe(true);
  });

  it('fold a fold with its late points as the points themselves: no point counted twice', () => {
    const points = [
      pricePoint(D + HOUR_MS, { lowest: 4, median: 10, listings: 2 }),
      pricePoint(D + 2 * HOUR_MS, { lowest: 6, median: 12, listings: 4 }),
      pricePoint(D + 3 * HOUR_MS, { lowest: 5, median: 14, listings: 9 }),
    ];
    const once = foldPriceDay('diamonds', points.slice(0, 2), D);
    const twice = foldPriceDay('diamonds', [once, points[2] as PricePointRow], D);
    expect(twice).toMatchObject({
      samples: 3,
      listings: 5,
      lowest: 4,
      lowestMax: 6,
      medianMin: 10,
      medianMax: 14,
    });
  });
});
