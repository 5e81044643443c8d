import type { TimeRange } from './chart-ranges';
import { type Gap, isGap } from './gaps';
import { HOUR_MS } from './history-limits';

/**
 * Points -> the arrays uPlot draws ("aligned data": one array of times, one array of values
 * per series, same length), for one time range, with a null inserted in every gap so the
 * line breaks there, plus what a text summary needs. Linear in the points; allocates the
 * output arrays once (two passes: count the gaps, then fill).
 */

/** Times in ms (the chart is told `ms: 1`), then one value array per series. */
export type AlignedSeries = [times: Float64Array, ...values: Array<Array<number | null>>];

export interface SeriesSummary {
  min: number;
  max: number;
  latest: number;
  latestTime: number;
}

export interface ChartData extends TimeRange {
  data: AlignedSeries;
  gaps: Gap[];
  /** One per series; null when the series has no value in the range. */
  summaries: Array<SeriesSummary | null>;
  /** Points in the range (the arrays also hold one null per gap). */
  points: number;
}

export interface ChartDataOptions<P> extends TimeRange {
  /**
   * The interval points are expected at (the badge poll interval, an hour for hourly rows); a
   * function when it depends on the points on either side (a downsampled hourly row next to
   * fetched ones).
   */
  expectedIntervalMs: number | ((before: P, after: P) => number);
  time: (point: P) => number;
  /** One accessor per series; null where the series has no value (e.g. no listings). */
  series: ReadonlyArray<(point: P) => number | null>;
  /**
   * Per series, the lowest and highest values a point stands for when it stands for more than
   * its one value (a folded day of prices: item-history.ts); the summary's min and max count
   * them. Without one (or where it gives null), the value.
   */
  extents?: ReadonlyArray<((point: P) => SeriesExtent | null) | undefined>;
}

export interface SeriesExtent {
  min: number;
  max: number;
}

/** The first index whose time is above `target` (or at least it, with `inclusive`); points ascending. */
function firstIndexAfter<P>(
  points: readonly P[],
  time: (point: P) => number,
  target: number,
  inclusive: boolean,
): number {
  let low = 0;
  let high = points.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const t = time(points[middle] as P);
    if (t < target || (!inclusive && t === target)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** `points` must be in ascending time order (as the history store returns them). */
export function chartData<P>(points: readonly P[], options: ChartDataOptions<P>): ChartData {
  const { from, to, time, series, extents } = options;
  const start = firstIndexAfter(points, time, from, true);
  const end = Math.max(start, firstIndexAfter(points, time, to, false));

  const gaps: Gap[] = [];
  // The index of the point after each gap.
  const gapBefore: number[] = [];
  const expected = options.expectedIntervalMs;
  for (let i = start + 1; i < end; i++) {
    const beforePoint = points[i - 1] as P;
    const afterPoint = points[i] as P;
    const before = time(beforePoint);
    const after = time(afterPoint);
    const interval = typeof expected === 'number' ? expected : expected(beforePoint, afterPoint);
    if (isGap(after - before, interval)) {
      gaps.push({ from: before, to: after });
      gapBefore.push(i);
    }
  }

  const count = end - start;
  const length = count + gaps.length;
  const times = new Float64Array(length);
  const values = series.map(() => new Array<number | null>(length));
  const mins = series.map(() => Number.POSITIVE_INFINITY);
  const maxs = series.map(() => Number.NEGATIVE_INFINITY);
  const latest = series.map(() => Number.NaN);
  const latestTimes = series.map(() => Number.NaN);

  let out = 0;
  let nextGap = 0;
  for (let i = start; i < end; i++) {
    const point = points[i] as P;
    const t = time(point);
    if (gapBefore[nextGap] === i) {
      const gap = gaps[nextGap] as Gap;
      // A null halfway through the gap breaks every series' line there.
      times[out] = (gap.from + gap.to) / 2;
      for (const column of values) column[out] = null;
      out++;
      nextGap++;
    }
    times[out] = t;
    for (let s = 0; s < series.length; s++) {
      const raw = (series[s] as (point: P) => number | null)(point);
      const value = raw !== null && Number.isFinite(raw) ? raw : null;
      (values[s] as Array<number | null>)[out] = value;
      if (value === null) continue;
      const extent = extents?.[s]?.(point);
      const low = extent ? extent.min : value;
      const high = extent ? extent.max : value;
      if (low < (mins[s] as number)) mins[s] = low;
      if (high > (maxs[s] as number)) maxs[s] = high;
      latest[s] = value;
      latestTimes[s] = t;
    }
    out++;
  }

  const summaries = series.map((_, s): SeriesSummary | null =>
    Number.isNaN(latest[s])
      ? null
      : {
          min: mins[s] as number,
          max: maxs[s] as number,
          latest: latest[s] as number,
          latestTime: latestTimes[s] as number,
        },
  );
  return { from, to, data: [times, ...values], gaps, summaries, points: count };
}

/** What a chart needs before its line says anything: this many points over at least this long. */
export interface TrendRule {
  minPoints: number;
  minSpanMs: number;
}

/**
 * The default: three points an hour apart or more. One point, or a few minutes of points, on
 * a day's axis is a vertical line that says nothing; the figures in words say it instead.
 */
export const TREND_RULE: TrendRule = { minPoints: 3, minSpanMs: HOUR_MS };

/** The times that carry a value in some series (the nulls in gaps do not). */
function valuedTimes(data: AlignedSeries): number[] {
  const [times, ...values] = data;
  const valued: number[] = [];
  for (let i = 0; i < times.length; i++) {
    if (values.some((column) => column[i] !== null && column[i] !== undefined))
      valued.push(times[i] as number);
  }
  return valued;
}

/** Whether the chart is still collecting: too few points, or too short a time, for a trend. */
export function collectingData(data: AlignedSeries, rule: TrendRule = TREND_RULE): boolean {
  const valued = valuedTimes(data);
  const first = valued[0];
  const last = valued.at(-1);
  if (first === undefined || last === undefined) return true;
  return valued.length < rule.minPoints || last - first < rule.minSpanMs;
}

/**
 * The x axis of a chart: the range, but starting at the first value when the history begins
 * later (a day-old history on a 30-day axis would be a sliver at the right edge).
 */
export function shownRange(data: AlignedSeries, range: TimeRange): TimeRange {
  const first = valuedTimes(data)[0];
  return first !== undefined && first > range.from ? { from: first, to: range.to } : range;
}
