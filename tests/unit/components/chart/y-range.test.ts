import { describe, expect, it } from 'vitest';
import { FLAT_SPREAD, isFlat, Y_HEADROOM, yRange, yTicks } from '@/components/chart/y-range';

/** The share of the range's height the points from `min` to `max` take. */
function share(min: number, max: number): number {
  const [low, high] = yRange(min, max);
  return (max - min) / (high - low);
}

describe('yRange', () => {
  it('spans the shown points with a little headroom, not from 0 (a climb from 3,012 to 3,120 uses the height)', () => {
    const [low, high] = yRange(3_012, 3_120);
    expect(low).toBeCloseTo(3_012 - 108 * Y_HEADROOM);
    expect(high).toBeCloseTo(3_120 + 108 * Y_HEADROOM);
    expect(low).toBeGreaterThan(0);
    expect(share(3_012, 3_120)).toBeGreaterThan(0.8);
    expect(share(1_829, 1_877)).toBeGreaterThan(0.8);
  });

  it('keeps the points inside the range, with room above and below', () => {
    for (const [min, max] of [
      [0.5, 0.75],
      [48_000.12, 48_213.57],
      [-40, -2],
      [-5, 12],
    ] as const) {
      const [low, high] = yRange(min, max);
      expect(low).toBeLessThan(min);
      expect(high).toBeGreaterThan(max);
    }
  });

  it('never goes below 0 for points that are not negative (a count from 0)', () => {
    expect(yRange(0, 10)).toEqual([0, 10 + 10 * Y_HEADROOM]);
    expect(yRange(1, 100)[0]).toBe(0);
  });

  it('draws a flat series in the middle, around its value', () => {
    const [low, high] = yRange(3_120, 3_120);
    expect((low + high) / 2).toBe(3_120);
    expect(high - low).toBeCloseTo(2 * 3_120 * FLAT_SPREAD);
    expect(low).toBeGreaterThan(0);
    const [negativeLow, negativeHigh] = yRange(-7, -7);
    expect((negativeLow + negativeHigh) / 2).toBe(-7);
    expect(negativeLow).toBeLessThan(negativeHigh);
    expect(yRange(0, 0)).toEqual([-1, 1]);
  });

  it('gives a usable range when nothing is shown', () => {
    expect(yRange(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY)).toEqual([0, 1]);
    expect(yRange(Number.NaN, 3)).toEqual([0, 1]);
  });
});

describe('isFlat', () => {
  it('is true only for equal finite values', () => {
    expect(isFlat(5, 5)).toBe(true);
    expect(isFlat(5, 6)).toBe(false);
    expect(isFlat(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY)).toBe(false);
  });
});

describe('yTicks', () => {
  it('ticks every multiple of the step inside the range', () => {
    expect(yTicks(2_990, 3_140, 50, null)).toEqual([3_000, 3_050, 3_100]);
    expect(yTicks(-12, 12, 10, null)).toEqual([-10, 0, 10]);
  });

  it('writes fractional ticks exactly', () => {
    expect(yTicks(0, 0.3, 0.1, null)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(yTicks(-0.2, 0, 0.1, null)).toEqual([-0.2, -0.1, 0]);
  });

  it('labels a flat series with its value alone', () => {
    expect(yTicks(2_808, 3_432, 100, 3_120)).toEqual([3_120]);
  });

  it('gives no ticks for a step it cannot use', () => {
    expect(yTicks(0, 10, 0, null)).toEqual([]);
    expect(yTicks(0, Number.NaN, 1, null)).toEqual([]);
  });
});
