import { describe, expect, it } from 'vitest';
import { itemPricePoints, pricedItems } from '@/utils/history/item-history';
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
