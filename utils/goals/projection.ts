import { DAY_MS } from '../history/history-limits';

/**
 * When a stat reaches a target, from the values recorded so far: a least-squares line through
 * (time, value), its date where the line meets the target, and a range from the slope's standard
 * error (the slope ± RANGE_SPREAD standard errors, pivoting on the points' centre, where the line
 * is surest). Pure: no clock, no storage (tests/unit/utils/goals/projection.property.test.ts).
 * docs/architecture.md, "Goals (issue 35)".
 */

export interface ValueAt {
  /** ms epoch */
  time: number;
  value: number;
}

/** A line needs this many points, over at least this long, before its date means anything. */
export const MIN_PROJECTION_POINTS = 3;
export const MIN_PROJECTION_SPAN_MS = 2 * DAY_MS;
/**
 * Standard errors either side of the slope: about a 95 % range. A slope not this many standard
 * errors above 0 is "not moving": its slow end would never arrive.
 */
export const RANGE_SPREAD = 2;

export type Projection =
  | { kind: 'reached' }
  /** What is missing: points still needed and ms of history still needed (either may be 0). */
  | { kind: 'not-enough'; morePoints: number; moreTimeMs: number }
  | { kind: 'not-moving'; perDay: number }
  | {
      kind: 'projected';
      /** ms epoch: the fitted line meets the target. */
      at: number;
      /** The range: the steep slope's date and the shallow one's. */
      earliest: number;
      latest: number;
      /** The fitted pace, in value per day. */
      perDay: number;
    };

/**
 * The projection of `points` (any order) to `target`, judged against `current` (the latest
 * value known). Times are taken in days from the points' mean, so 90 days of ms epochs keep
 * their precision in the sums.
 */
export function projectGoal(points: readonly ValueAt[], target: number, current: number): Projection {
  if (current >= target) return { kind: 'reached' };
  const n = points.length;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  let sumTime = 0;
  let sumValue = 0;
  for (const point of points) {
    first = Math.min(first, point.time);
    last = Math.max(last, point.time);
    sumTime += point.time;
    sumValue += point.value;
  }
  const span = n === 0 ? 0 : last - first;
  if (n < MIN_PROJECTION_POINTS || span < MIN_PROJECTION_SPAN_MS)
    return {
      kind: 'not-enough',
      morePoints: Math.max(0, MIN_PROJECTION_POINTS - n),
      moreTimeMs: Math.max(0, MIN_PROJECTION_SPAN_MS - span),
    };

  const meanTime = sumTime / n;
  const meanValue = sumValue / n;
  let sxx = 0;
  let sxy = 0;
  for (const point of points) {
    const x = (point.time - meanTime) / DAY_MS;
    sxx += x * x;
    sxy += x * (point.value - meanValue);
  }
  const slope = sxy / sxx;
  let residuals = 0;
  for (const point of points) {
    const x = (point.time - meanTime) / DAY_MS;
    const error = point.value - (meanValue + slope * x);
    residuals += error * error;
  }
  const standardError = Math.sqrt(residuals / (n - 2) / sxx);
  // Float noise on an exact line is not scatter: it must not make a steady climb "not moving".
  const scale = Math.max(Math.abs(slope), Number.EPSILON);
  const spread = standardError / scale < 1e-9 ? 0 : RANGE_SPREAD * standardError;
  if (!(slope > 0) || slope - spread <= 0) return { kind: 'not-moving', perDay: slope };

  const dateAt = (perDay: number) => meanTime + ((target - meanValue) / perDay) * DAY_MS;
  const ends = [dateAt(slope + spread), dateAt(slope - spread)];
  // Below the line's centre (the value fell back lately) the two ends swap.
  return {
    kind: 'projected',
    at: dateAt(slope),
    earliest: Math.min(...ends),
    latest: Math.max(...ends),
    perDay: slope,
  };
}
