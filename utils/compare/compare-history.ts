import type { ChartData } from '../history/chart-data';

/**
 * Two players' lines of one stat on one chart: each player's step line (playerStatChart) merged
 * on the union of their times, each value held until that player's next point, as a step line
 * reads. Before a player's first point their series has no value (null), not a zero.
 */
export function mergeStatCharts(left: ChartData, right: ChartData): ChartData {
  const [leftTimes, leftValues = []] = left.data;
  const [rightTimes, rightValues = []] = right.data;
  const times: number[] = [];
  const a: Array<number | null> = [];
  const b: Array<number | null> = [];
  let i = 0;
  let j = 0;
  let heldA: number | null = null;
  let heldB: number | null = null;
  while (i < leftTimes.length || j < rightTimes.length) {
    const nextLeft = i < leftTimes.length ? (leftTimes[i] as number) : Number.POSITIVE_INFINITY;
    const nextRight = j < rightTimes.length ? (rightTimes[j] as number) : Number.POSITIVE_INFINITY;
    const time = Math.min(nextLeft, nextRight);
    if (nextLeft === time) {
      heldA = leftValues[i] ?? null;
      i += 1;
    }
    if (nextRight === time) {
      heldB = rightValues[j] ?? null;
      j += 1;
    }
    times.push(time);
    a.push(heldA);
    b.push(heldB);
  }
  return {
    from: Math.min(left.from, right.from),
    to: Math.max(left.to, right.to),
    data: [Float64Array.from(times), a, b],
    gaps: [],
    summaries: [left.summaries[0] ?? null, right.summaries[0] ?? null],
    points: times.length,
  };
}
