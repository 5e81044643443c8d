/**
 * Gaps in a time series: stretches where points stopped coming (the browser was closed, the
 * machine slept, the badge was off), so a chart breaks its line there and says so in words.
 */

/** More than this many expected intervals without a point is a gap, not a late poll. */
export const GAP_FACTOR = 2;

export interface Gap {
  /** Time of the last point before the gap. */
  from: number;
  /** Time of the first point after it. */
  to: number;
}

/** Whether `stepMs` between two neighbouring points is a gap. */
export function isGap(stepMs: number, expectedIntervalMs: number): boolean {
  return stepMs > expectedIntervalMs * GAP_FACTOR;
}

/** Gaps between ascending `times`. The edges of a range are not gaps: only between points. */
export function findGaps(times: ArrayLike<number>, expectedIntervalMs: number): Gap[] {
  const gaps: Gap[] = [];
  for (let i = 1; i < times.length; i++) {
    const from = times[i - 1] as number;
    const to = times[i] as number;
    if (isGap(to - from, expectedIntervalMs)) gaps.push({ from, to });
  }
  return gaps;
}
