import type { AlignedSeries, SeriesSummary } from '../../utils/history/chart-data';
import type { YScale } from './chart-series';

/** What the crosshair reads: the time of a point and each series' value there. */
export interface Readout {
  time: number;
  values: Array<number | null>;
}

/**
 * The point under the pointer (the nearest in time with a value when the pointer is over a
 * gap's break), or with no pointer the latest point with a value, so the line above the chart
 * is a legend with the latest values until the pointer moves in; null when there is none.
 */
export function readoutAt(data: AlignedSeries, index: number | null): Readout | null {
  const [times, ...values] = data;
  const valued = (i: number) => values.some((column) => column[i] !== null && column[i] !== undefined);
  const at = (i: number): Readout => ({
    time: times[i] as number,
    values: values.map((column) => column[i] ?? null),
  });
  if (index !== null && (index < 0 || index >= times.length)) return null;
  const target = index ?? times.length - 1;
  // Nearly always the point itself: the search below is for a gap's break (and costs a pass).
  if (target >= 0 && valued(target)) return at(target);
  let best: number | null = null;
  for (let i = 0; i < times.length; i++) {
    if (!valued(i)) continue;
    const distance = Math.abs((times[i] as number) - (times[target] as number));
    const bestDistance =
      best === null
        ? Number.POSITIVE_INFINITY
        : Math.abs((times[best] as number) - (times[target] as number));
    if (distance < bestDistance) best = i;
  }
  return best === null ? null : at(best);
}

/** Series this far apart (highest over lowest value) are drawn on a log scale, so both show. */
export const LOG_SCALE_RATIO = 10;

/**
 * Linear unless the series span a factor of LOG_SCALE_RATIO or more (a lowest price of 2
 * beside a median of 40: on a linear axis from 0 one of them lies flat on the floor); a log
 * scale needs every value above 0.
 */
export function priceScale(summaries: ReadonlyArray<SeriesSummary | null>): YScale {
  const known = summaries.filter((summary): summary is SeriesSummary => summary !== null);
  if (known.length === 0) return 'linear';
  const min = Math.min(...known.map((summary) => summary.min));
  const max = Math.max(...known.map((summary) => summary.max));
  return min > 0 && max / min >= LOG_SCALE_RATIO ? 'log' : 'linear';
}
