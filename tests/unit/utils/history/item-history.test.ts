import { describe, expect, it } from 'vitest';
import { chartRange } from '@/utils/history/chart-ranges';
import { DAY_MS } from '@/utils/history/history-limits';
import {
  ITEM_PRICE_EXTENTS,
  itemPricePoints,
  priceChartSpan,
  pricedItems,
} from '@/utils/history/item-history';
import { itemKey } from '@/utils/history/price-summary';
import { pricePoint } from './history-fixtures';

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

const POINTS = [
  // Recorded before prices were kept per item: every item medianed together.
  pricePoint(0, { lowest: 2, median: 40 }),
  pricePoint(1, { items: [block(80, 90, 5), diamond(2, 3, 4)] }),
  pricePoint(2, { items: [diamond(3, 4, 6)] }),
];

describe('pricedItems', () => {
  it('lists the items the points priced, the most listed over the range first', () => {
    expect(pricedItems(POINTS)).toEqual([
      { key: itemKey(diamond(0, 0, 0)), material: 'DIAMOND', name: 'Diamond', listings: 10 },
      { key: itemKey(block(0, 0, 0)), material: 'DIAMOND_BLOCK', name: 'Diamond Block', listings: 5 },
    ]);
    expect(pricedItems([pricePoint(0)])).toEqual([]);
  });

  it('counts a folded point’s listings once per check it stands for', () => {
    const points = [
      pricePoint(0, { samples: 10, span: 'day', items: [block(80, 90, 3)] }),
      pricePoint(1, { items: [diamond(2, 3, 8)] }),
      pricePoint(2, { items: [diamond(2, 3, 8)] }),
    ];
    // The day's 10 checks listed 30 blocks; the two checks since, 16 diamonds.
    expect(pricedItems(points).map((item) => [item.name, item.listings])).toEqual([
      ['Diamond Block', 30],
      ['Diamond', 16],
    ]);
  });
});

describe('itemPricePoints', () => {
  it('gives one item’s prices per point, null where it had no listing, none of the mixed old points', () => {
    expect(itemPricePoints(POINTS, itemKey(block(0, 0, 0)))).toEqual([
      { time: 1, lowest: 80, median: 90 },
      { time: 2, lowest: null, median: null },
    ]);
    expect(itemPricePoints(POINTS, itemKey(diamond(0, 0, 0)))).toEqual([
      { time: 1, lowest: 2, median: 3 },
      { time: 2, lowest: 3, median: 4 },
    ]);
  });
});

describe('a folded day in the chart', () => {
  it('carries the day’s extremes to the chart’s figures, a fetched point its one value', () => {
    const day = { ...diamond(2, 5, 4), lowestMax: 3, medianMin: 4, medianMax: 9 };
    const points = itemPricePoints(
      [
        pricePoint(0, { samples: 9, span: 'day', items: [day] }),
        pricePoint(1, { items: [diamond(6, 7, 1)] }),
      ],
      itemKey(day),
    );
    expect(points).toEqual([
      { time: 0, lowest: 2, median: 5, lowestMax: 3, medianMin: 4, medianMax: 9 },
      { time: 1, lowest: 6, median: 7 },
    ]);
    const [lowest, median] = ITEM_PRICE_EXTENTS;
    expect(points.map((point) => [lowest?.(point), median?.(point)])).toEqual([
      [
        { min: 2, max: 3 },
        { min: 4, max: 9 },
      ],
      [
        { min: 6, max: 6 },
        { min: 7, max: 7 },
      ],
    ]);
    expect(lowest?.({ time: 2, lowest: null, median: null })).toBeNull();
  });

  it('reads whole days where the range reaches past the 7 days kept point by point', () => {
    const now = Date.UTC(2025, 5, 10, 15, 20);
    expect(priceChartSpan(chartRange('30d', now), now)).toEqual({ from: Date.UTC(2025, 4, 11), to: now });
    expect(priceChartSpan(chartRange('7d', now), now)).toEqual(chartRange('7d', now));
    expect(priceChartSpan(chartRange('24h', now), now)).toEqual({ from: now - DAY_MS, to: now });
  });
});
