import { describe, expect, it, vi } from 'vitest';
import {
  type AlignedSeries,
  chartData,
  collectingData,
  shownRange,
  TREND_RULE,
} from '@/utils/history/chart-data';

const MINUTE = 60_000;

interface Point {
  time: number;
  count: number;
  max?: number | null;
}

const time = (p: Point) => p.time;
const count = (p: Point) => p.count;

function minutes(...pairs: Array<[minute: number, count: number]>): Point[] {
  return pairs.map(([minute, value]) => ({ time: minute * MINUTE, count: value }));
}

describe('chartData', () => {
  it('keeps the points inside the range, both ends included', () => {
    const points = minutes([0, 1], [1, 2], [2, 3], [3, 4], [4, 5]);
    const chart = chartData(points, {
      from: 1 * MINUTE,
      to: 3 * MINUTE,
      expectedIntervalMs: MINUTE,
      time,
      series: [count],
    });
    expect(Array.from(chart.data[0])).toEqual([1 * MINUTE, 2 * MINUTE, 3 * MINUTE]);
    expect(chart.data[1]).toEqual([2, 3, 4]);
    expect(chart.points).toBe(3);
    expect(chart).toMatchObject({ from: MINUTE, to: 3 * MINUTE, gaps: [] });
  });

  it('puts a null halfway through each gap in every series, so the line breaks there', () => {
    const points = minutes([0, 5], [1, 6], [61, 7], [62, 8]);
    const chart = chartData(points, {
      from: 0,
      to: 62 * MINUTE,
      expectedIntervalMs: MINUTE,
      time,
      series: [count, (p) => p.count * 10],
    });
    expect(Array.from(chart.data[0])).toEqual([0, MINUTE, 31 * MINUTE, 61 * MINUTE, 62 * MINUTE]);
    expect(chart.data[1]).toEqual([5, 6, null, 7, 8]);
    expect(chart.data[2]).toEqual([50, 60, null, 70, 80]);
    expect(chart.gaps).toEqual([{ from: MINUTE, to: 61 * MINUTE }]);
    expect(chart.points).toBe(4);
  });

  it('does not count the step into the range as a gap', () => {
    const points = minutes([0, 1], [100, 2], [101, 3]);
    const chart = chartData(points, {
      from: 50 * MINUTE,
      to: 101 * MINUTE,
      expectedIntervalMs: MINUTE,
      time,
      series: [count],
    });
    expect(chart.gaps).toEqual([]);
    expect(chart.data[1]).toEqual([2, 3]);
  });

  it('summarises each series: min, max, latest, ignoring missing values', () => {
    const points: Point[] = [
      { time: 0, count: 30, max: 40 },
      { time: MINUTE, count: 10, max: null },
      { time: 2 * MINUTE, count: 20, max: 25 },
      { time: 3 * MINUTE, count: 15, max: null },
    ];
    const chart = chartData(points, {
      from: 0,
      to: 3 * MINUTE,
      expectedIntervalMs: MINUTE,
      time,
      series: [count, (p) => p.max ?? null],
    });
    expect(chart.summaries).toEqual([
      { min: 10, max: 30, latest: 15, latestTime: 3 * MINUTE },
      { min: 25, max: 40, latest: 25, latestTime: 2 * MINUTE },
    ]);
    expect(chart.data[2]).toEqual([40, null, 25, null]);
  });

  it('counts the extremes a point stands for in the summary, not in the line', () => {
    const points = minutes([0, 5], [1, 7], [2, 6]);
    const chart = chartData(points, {
      from: 0,
      to: 2 * MINUTE,
      expectedIntervalMs: MINUTE,
      time,
      series: [count],
      // The first point folds values from 3 to 9.
      extents: [(p) => (p.time === 0 ? { min: 3, max: 9 } : null)],
    });
    expect(chart.data[1]).toEqual([5, 7, 6]);
    expect(chart.summaries).toEqual([{ min: 3, max: 9, latest: 6, latestTime: 2 * MINUTE }]);
  });

  it('has no summary for a series without values, and empty arrays for an empty range', () => {
    const empty = chartData(minutes([0, 1]), {
      from: 10 * MINUTE,
      to: 20 * MINUTE,
      expectedIntervalMs: MINUTE,
      time,
      series: [count],
    });
    expect(empty.data[0]).toHaveLength(0);
    expect(empty.data[1]).toEqual([]);
    expect(empty.summaries).toEqual([null]);
    expect(empty.points).toBe(0);

    const none = chartData(minutes([0, 1]), {
      from: 0,
      to: MINUTE,
      expectedIntervalMs: MINUTE,
      time,
      series: [() => null],
    });
    expect(none.summaries).toEqual([null]);
    expect(none.data[1]).toEqual([null]);
  });

  it('turns values that are not finite numbers into gaps in the line', () => {
    const chart = chartData(minutes([0, 1], [1, Number.NaN]), {
      from: 0,
      to: MINUTE,
      expectedIntervalMs: MINUTE,
      time,
      series: [count],
    });
    expect(chart.data[1]).toEqual([1, null]);
    expect(chart.summaries[0]).toEqual({ min: 1, max: 1, latest: 1, latestTime: 0 });
  });

  it('reads each value once: 43,200 points (30 days at one a minute) cost 43,200 value reads', () => {
    const points = Array.from({ length: 43_200 }, (_, i) => ({ time: i * MINUTE, count: i % 500 }));
    const value = vi.fn(count);
    const chart = chartData(points, {
      from: 0,
      to: 43_199 * MINUTE,
      expectedIntervalMs: MINUTE,
      time,
      series: [value],
    });
    expect(value).toHaveBeenCalledTimes(43_200);
    expect(chart.data[0]).toBeInstanceOf(Float64Array);
    expect(chart.data[0]).toHaveLength(43_200);
    expect(chart.summaries[0]).toEqual({
      min: 0,
      max: 499,
      latest: 43_199 % 500,
      latestTime: 43_199 * MINUTE,
    });
  });
});

const HOUR = 60 * MINUTE;
const aligned = (times: number[], ...values: Array<Array<number | null>>): AlignedSeries => [
  new Float64Array(times),
  ...values,
];

describe('collectingData', () => {
  it('collects until there are a few points an hour apart or more (the first day’s vertical line)', () => {
    expect(TREND_RULE).toEqual({ minPoints: 3, minSpanMs: HOUR });
    expect(collectingData(aligned([], []))).toBe(true);
    expect(collectingData(aligned([0], [5]))).toBe(true);
    // Three checks within minutes: still a vertical line on a day's axis.
    expect(collectingData(aligned([0, MINUTE, 2 * MINUTE], [5, 6, 7]))).toBe(true);
    // Two points over hours: not yet a few.
    expect(collectingData(aligned([0, 3 * HOUR], [5, 6]))).toBe(true);
    expect(collectingData(aligned([0, 30 * MINUTE, HOUR], [5, 6, 7]))).toBe(false);
  });

  it('counts only points with a value: the nulls in gaps and missing values are not data', () => {
    expect(collectingData(aligned([0, HOUR / 2, 2 * HOUR], [5, null, 7], [null, null, 8]))).toBe(true);
    expect(collectingData(aligned([0, HOUR / 2, 2 * HOUR], [5, null, 7], [null, 6, 8]))).toBe(false);
  });

  it('follows the rule it is given', () => {
    const rule = { minPoints: 2, minSpanMs: HOUR };
    expect(collectingData(aligned([0, HOUR], [1, 1]), rule)).toBe(false);
    expect(collectingData(aligned([0, HOUR - 1], [1, 1]), rule)).toBe(true);
  });
});

describe('shownRange', () => {
  it('starts the axis at the first value when the history begins inside the range', () => {
    const range = { from: 0, to: 24 * HOUR };
    expect(shownRange(aligned([20 * HOUR, 22 * HOUR], [null, 3]), range)).toEqual({
      from: 22 * HOUR,
      to: 24 * HOUR,
    });
  });

  it('keeps the whole range when the history covers it, or has no value', () => {
    const range = { from: HOUR, to: 24 * HOUR };
    expect(shownRange(aligned([HOUR, 5 * HOUR], [1, 2]), range)).toEqual(range);
    expect(shownRange(aligned([], []), range)).toEqual(range);
  });
});
