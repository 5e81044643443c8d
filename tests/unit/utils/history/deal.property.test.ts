import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dealPercent, marketFigure } from '@/utils/history/deal';
import { DEAL_BELOW_FRACTION, DEAL_MIN_LISTINGS, DEAL_WINDOW_MS } from '@/utils/history/history-limits';

const NOW = Date.UTC(2026, 10, 20);
const price = fc.double({ min: 0, max: 1e9, noNaN: true });
const row = fc.record({ perItem: price, time: fc.integer({ min: NOW - DEAL_WINDOW_MS, max: NOW }) });

describe('deal arithmetic (property)', () => {
  it('is quiet under DEAL_MIN_LISTINGS listings in the window, whatever their prices', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: DEAL_MIN_LISTINGS - 1 }), (rows) => {
        expect(marketFigure(rows, NOW)).toBeNull();
      }),
    );
  });

  it('leaves out listings outside the window', () => {
    fc.assert(
      fc.property(
        fc.array(row, { minLength: DEAL_MIN_LISTINGS, maxLength: 40 }),
        fc.array(fc.record({ perItem: price, time: fc.integer({ min: 0, max: NOW - DEAL_WINDOW_MS - 1 }) })),
        (inside, outside) => {
          expect(marketFigure([...inside, ...outside], NOW)).toEqual(marketFigure(inside, NOW));
        },
      ),
    );
  });

  it('has a median between the lowest and highest price, as many listings as given, and 1 to 7 days', () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: DEAL_MIN_LISTINGS, maxLength: 60 }), (rows) => {
        const figure = marketFigure(rows, NOW);
        const prices = rows.map((r) => r.perItem);
        expect(figure).not.toBeNull();
        expect(figure?.listings).toBe(rows.length);
        expect(figure?.median).toBeGreaterThanOrEqual(Math.min(...prices));
        expect(figure?.median).toBeLessThanOrEqual(Math.max(...prices));
        expect(figure?.days).toBeGreaterThanOrEqual(1);
        expect(figure?.days).toBeLessThanOrEqual(DEAL_WINDOW_MS / 86_400_000);
        // At least half the prices are at or below the median, and at least half at or above.
        const atOrBelow = prices.filter((p) => p <= (figure?.median ?? 0)).length;
        const atOrAbove = prices.filter((p) => p >= (figure?.median ?? 0)).length;
        expect(atOrBelow * 2).toBeGreaterThanOrEqual(prices.length);
        expect(atOrAbove * 2).toBeGreaterThanOrEqual(prices.length);
      }),
    );
  });

  it('marks a deal exactly when the price is at least DEAL_BELOW_FRACTION under the median, saying by how much', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-6, max: 1e9, noNaN: true }), price, (median, perItem) => {
        const percent = dealPercent(perItem, { median, listings: DEAL_MIN_LISTINGS, days: 1 });
        expect(percent !== null).toBe(perItem <= median * (1 - DEAL_BELOW_FRACTION));
        if (percent !== null) {
          expect(percent).toBeGreaterThanOrEqual(DEAL_BELOW_FRACTION * 100);
          expect(percent).toBeLessThanOrEqual(100);
          // The whole percent shown is the true one, rounded down.
          expect(percent).toBeLessThanOrEqual(((median - perItem) / median) * 100 + 1e-6);
          expect(percent).toBeGreaterThan(((median - perItem) / median) * 100 - 1);
        }
      }),
    );
  });

  it('judges nothing without a figure, or with a median of 0', () => {
    expect(dealPercent(1, null)).toBeNull();
    expect(dealPercent(0, { median: 0, listings: 10, days: 1 })).toBeNull();
    // The boundary: 8 against 10 is exactly 20 % below.
    expect(dealPercent(8, { median: 10, listings: 10, days: 1 })).toBe(20);
    expect(dealPercent(8.01, { median: 10, listings: 10, days: 1 })).toBeNull();
    expect(dealPercent(8.5, { median: 12.5, listings: 84, days: 6 })).toBe(32);
  });
});
