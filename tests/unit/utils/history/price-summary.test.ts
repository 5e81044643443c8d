import { describe, expect, it } from 'vitest';
import { MAX_ITEMS_PER_PRICE_POINT } from '@/utils/history/history-limits';
import { itemKey, itemPrices, priceSummary, unitPrice } from '@/utils/history/price-summary';

describe('unitPrice', () => {
  it('divides the price by the amount', () => {
    expect(unitPrice({ price: 640, amount: 64 })).toBe(10);
    expect(unitPrice({ price: 5, amount: 1 })).toBe(5);
  });

  it('has no unit price for an empty stack or an unusable price', () => {
    expect(unitPrice({ price: 10, amount: 0 })).toBeNull();
    expect(unitPrice({ price: 10, amount: -2 })).toBeNull();
    expect(unitPrice({ price: Number.NaN, amount: 1 })).toBeNull();
    expect(unitPrice({ price: -1, amount: 1 })).toBeNull();
  });
});

describe('priceSummary', () => {
  it('gives no prices and a count of 0 for no listings', () => {
    expect(priceSummary([])).toEqual({ lowest: null, median: null, count: 0 });
  });

  it('compares prices per item, not per listing', () => {
    // 64 for 320 (5 each) is cheaper than 1 for 8, though its price is higher.
    const summary = priceSummary([
      { price: 8, amount: 1 },
      { price: 320, amount: 64 },
      { price: 30, amount: 3 },
    ]);
    expect(summary).toEqual({ lowest: 5, median: 8, count: 3 });
  });

  it('takes the mean of the middle two for an even count', () => {
    expect(
      priceSummary([
        { price: 1, amount: 1 },
        { price: 4, amount: 1 },
        { price: 2, amount: 1 },
        { price: 10, amount: 1 },
      ]).median,
    ).toBe(3);
  });

  it('counts every listing but prices only those with items', () => {
    expect(
      priceSummary([
        { price: 7, amount: 0 },
        { price: 6, amount: 2 },
      ]),
    ).toEqual({ lowest: 3, median: 3, count: 2 });
  });
});

describe('prices per item', () => {
  const listing = (material: string, display_name: string, price: number, amount = 1) => ({
    material,
    display_name,
    price,
    amount,
  });

  it('prices each item (material and shown name) on its own, the most listed first', () => {
    // A search for "diamond": Diamonds beside Diamond Blocks and a helmet, never medianed together.
    const summary = priceSummary([
      listing('DIAMOND', 'Diamond', 2),
      listing('DIAMOND_BLOCK', 'Diamond Block', 90),
      listing('DIAMOND', 'Diamond', 64 * 3, 64),
      listing('DIAMOND_HELMET', 'Diamond Helmet', 400),
      listing('DIAMOND', 'Diamond', 5),
      listing('DIAMOND_BLOCK', 'Diamond Block', 100),
    ]);
    expect(summary.items).toEqual([
      { material: 'DIAMOND', name: 'Diamond', lowest: 2, median: 3, listings: 3 },
      { material: 'DIAMOND_BLOCK', name: 'Diamond Block', lowest: 90, median: 95, listings: 2 },
      { material: 'DIAMOND_HELMET', name: 'Diamond Helmet', lowest: 400, median: 400, listings: 1 },
    ]);
    // The overall figures stay as they were (the badge and the last check use them).
    expect(summary).toMatchObject({ lowest: 2, median: 47.5, count: 6 });
  });

  it('tells a renamed item from its material', () => {
    const items = itemPrices([
      listing('DIAMOND_SWORD', 'Excalibur', 50),
      listing('DIAMOND_SWORD', 'Diamond Sword', 9),
    ]);
    expect(items.map(itemKey)).toEqual(['DIAMOND_SWORD\nDiamond Sword', 'DIAMOND_SWORD\nExcalibur']);
  });

  it(`keeps at most ${MAX_ITEMS_PER_PRICE_POINT} items, the most listed`, () => {
    const many = Array.from({ length: MAX_ITEMS_PER_PRICE_POINT + 3 }, (_, i) =>
      Array.from({ length: i + 1 }, () => listing(`ITEM_${i}`, `Item ${i}`, 1)),
    ).flat();
    const items = itemPrices(many);
    expect(items).toHaveLength(MAX_ITEMS_PER_PRICE_POINT);
    expect(items[0]?.name).toBe(`Item ${MAX_ITEMS_PER_PRICE_POINT + 2}`);
  });
});
