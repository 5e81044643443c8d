import { describe, expect, it } from 'vitest';
import { LOG_SCALE_RATIO, priceScale, readoutAt } from '@/components/chart/readout';
import type { AlignedSeries } from '@/utils/history/chart-data';

const DATA: AlignedSeries = [new Float64Array([10, 20, 30, 40]), [1, null, 3, null], [5, null, 7, 8]];

describe('readoutAt', () => {
  it('reads the point under the crosshair, each series’ value or null', () => {
    expect(readoutAt(DATA, 0)).toEqual({ time: 10, values: [1, 5] });
    expect(readoutAt(DATA, 3)).toEqual({ time: 40, values: [null, 8] });
  });

  it('reads the latest point with a value while no point is under the pointer', () => {
    expect(readoutAt(DATA, null)).toEqual({ time: 40, values: [null, 8] });
    expect(readoutAt([new Float64Array([1]), [null]], null)).toBeNull();
  });

  it('reads the nearest point with a value at a gap’s break, nothing outside the data', () => {
    expect(readoutAt(DATA, 1)).toEqual({ time: 10, values: [1, 5] });
    const gap: AlignedSeries = [new Float64Array([0, 90, 100]), [1, null, 2]];
    expect(readoutAt(gap, 1)).toEqual({ time: 100, values: [2] });
    expect(readoutAt(DATA, 9)).toBeNull();
  });
});

describe('priceScale', () => {
  const summary = (min: number, max: number) => ({ min, max, latest: max, latestTime: 0 });

  it('is linear when the lines lie close', () => {
    expect(priceScale([summary(8, 10), summary(9, 12)])).toBe('linear');
    expect(priceScale([null, null])).toBe('linear');
  });

  it('is a log scale when the lines lie far apart, so the lower one does not lie flat on 0', () => {
    expect(priceScale([summary(2, 3), summary(30, 40_000)])).toBe('log');
    expect(priceScale([summary(1, LOG_SCALE_RATIO)])).toBe('log');
  });

  it('stays linear with a price of 0, which a log scale cannot show', () => {
    expect(priceScale([summary(0, 3), summary(30, 40_000)])).toBe('linear');
  });
});
