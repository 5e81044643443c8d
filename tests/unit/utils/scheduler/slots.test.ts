// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  HOUR_MS,
  MAX_BUDGET_PER_HOUR,
  MIN_ALARM_DELAY_MS,
  MIN_BUDGET_PER_HOUR,
  SLOT_TOLERANCE_MS,
} from '@/utils/scheduler/scheduler-limits';
import {
  gapMs,
  offsetMs,
  recentSends,
  slotAtOrAfter,
  slotAtOrBefore,
  windowFreeAt,
} from '@/utils/scheduler/slots';

const budget = fc.integer({ min: MIN_BUDGET_PER_HOUR, max: MAX_BUDGET_PER_HOUR });

describe('gapMs', () => {
  it('is a whole number of ms a little over an hour ÷ budget (60 084 ms at 60 an hour)', () => {
    expect(gapMs(60)).toBe(60_084);
    expect(gapMs(6)).toBe(600_834);
  });

  it('puts budget + 1 slots over an hour plus the tolerance apart, and never under 30 s', () => {
    fc.assert(
      fc.property(budget, (b) => {
        expect(Number.isInteger(gapMs(b))).toBe(true);
        expect(b * gapMs(b)).toBeGreaterThanOrEqual(HOUR_MS + SLOT_TOLERANCE_MS);
        expect(gapMs(b)).toBeGreaterThanOrEqual(HOUR_MS / b);
        expect(gapMs(b)).toBeGreaterThanOrEqual(MIN_ALARM_DELAY_MS);
      }),
    );
  });
});

describe('offsetMs', () => {
  it('is the phase of a gap, whole, from 0 to gap - 1', () => {
    expect(offsetMs(0, 60_084)).toBe(0);
    expect(offsetMs(0.5, 60_084)).toBe(30_042);
    expect(offsetMs(0.999_999_999, 60_084)).toBe(60_083);
  });
});

describe('grid slots', () => {
  const grid = { gap: 60_000, offset: 15_000 };

  it('slotAtOrAfter: the time itself on the grid, else the next slot', () => {
    expect(slotAtOrAfter(75_000, grid)).toBe(75_000);
    expect(slotAtOrAfter(75_001, grid)).toBe(135_000);
    expect(slotAtOrAfter(0, grid)).toBe(15_000);
  });

  it('slotAtOrBefore: the time itself on the grid, else the previous slot', () => {
    expect(slotAtOrBefore(75_000, grid)).toBe(75_000);
    expect(slotAtOrBefore(134_999, grid)).toBe(75_000);
    expect(slotAtOrBefore(0, grid)).toBe(-45_000);
  });

  it('are on the grid and within a gap of the time, for real clock values', () => {
    fc.assert(
      fc.property(
        budget,
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.integer({ min: 1_500_000_000_000, max: 4_000_000_000_000 }),
        (b, phase, time) => {
          const gap = gapMs(b);
          const g = { gap, offset: offsetMs(phase, gap) };
          const after = slotAtOrAfter(time, g);
          const before = slotAtOrBefore(time, g);
          expect(after).toBeGreaterThanOrEqual(time);
          expect(after - time).toBeLessThan(gap);
          expect(before).toBeLessThanOrEqual(time);
          expect(time - before).toBeLessThan(gap);
          expect((after - g.offset) % gap).toBe(0);
          expect((before - g.offset) % gap).toBe(0);
        },
      ),
    );
  });
});

describe('recentSends', () => {
  it('keeps the sends of the last hour, oldest first', () => {
    const now = 10 * HOUR_MS;
    expect(recentSends([now - HOUR_MS - 1, now - HOUR_MS, now - HOUR_MS + 1, now - 5], now)).toEqual([
      now - HOUR_MS + 1,
      now - 5,
    ]);
  });

  it('is empty for an empty or an old log', () => {
    expect(recentSends([], HOUR_MS)).toEqual([]);
    expect(recentSends([1, 2], 5 * HOUR_MS)).toEqual([]);
  });
});

describe('windowFreeAt', () => {
  it('is -Infinity while the log holds fewer sends than the budget', () => {
    expect(windowFreeAt([1, 2], 3)).toBe(Number.NEGATIVE_INFINITY);
  });

  it('is when the budget-th most recent send turns an hour old', () => {
    expect(windowFreeAt([10, 20, 30, 40], 3)).toBe(20 + HOUR_MS);
    expect(windowFreeAt([10, 20, 30], 3)).toBe(10 + HOUR_MS);
  });
});
