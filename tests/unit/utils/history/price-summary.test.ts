import { describe, expect, it } from 'vitest';
import { priceSummary, unitPrice } from '../../../../utils/history/price-summary';

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
