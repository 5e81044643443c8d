import { DOWNSAMPLE_BUCKET_MS } from './limits';
import { median } from './median';
import type { OnlineCountRow, PricePointRow } from './rows';

/** The start of the bucket `time` falls in (UTC hours). */
export function bucketStart(time: number): number {
  return Math.floor(time / DOWNSAMPLE_BUCKET_MS) * DOWNSAMPLE_BUCKET_MS;
}

/** A bucket is already downsampled when it holds exactly one downsampled row. */
export function bucketNeedsRewrite(rows: ReadonlyArray<{ samples?: number }>): boolean {
  return rows.length > 1 || (rows.length === 1 && rows[0]?.samples === undefined);
}

/**
 * One row for a bucket of online counts (fetched or already downsampled): the mean weighted
 * by how many counts each row stands for, the lowest min and the highest max.
 */
export function combineOnlineCounts(rows: readonly OnlineCountRow[], start: number): OnlineCountRow {
  let samples = 0;
  let sum = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const row of rows) {
    const weight = row.samples ?? 1;
    samples += weight;
    sum += row.count * weight;
    min = Math.min(min, row.min ?? row.count);
    max = Math.max(max, row.max ?? row.count);
  }
  return { time: start, count: sum / samples, min, max, samples };
}

/**
 * One row for a bucket of one saved search's price points: the lowest lowest price, the
 * median of the medians, the mean listings count (weighted, rounded). Null prices (no
 * listings then) count for the listings mean only.
 */
export function combinePricePoints(
  searchId: string,
  rows: readonly PricePointRow[],
  start: number,
): PricePointRow {
  let samples = 0;
  let listings = 0;
  let lowest: number | null = null;
  const medians: number[] = [];
  for (const row of rows) {
    const weight = row.samples ?? 1;
    samples += weight;
    listings += row.listings * weight;
    if (row.lowest !== null) lowest = lowest === null ? row.lowest : Math.min(lowest, row.lowest);
    if (row.median !== null) medians.push(row.median);
  }
  return {
    searchId,
    time: start,
    lowest,
    median: median(medians),
    listings: samples === 0 ? 0 : Math.round(listings / samples),
    samples,
  };
}
