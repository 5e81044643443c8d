import { DOWNSAMPLE_BUCKET_MS, PRICE_FOLD_BUCKET_MS } from './history-limits';
import type { ItemPrices, OnlineCountRow, PricePointRow } from './history-rows';
import { median } from './median';
import { itemKey, mostListed } from './price-summary';

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

interface Prices {
  lowest: number | null;
  median: number | null;
  listings: number;
  samples?: number;
  lowestMax?: number;
  medianMin?: number;
  medianMax?: number;
}

type Extremes = Pick<Prices, 'lowestMax' | 'medianMin' | 'medianMax'>;

/** The extremes of the rows' prices (a fetched row's one value stands for its extremes); none without prices. */
function extremesOf(rows: readonly Prices[]): Extremes {
  let lowestMax: number | undefined;
  let medianMin: number | undefined;
  let medianMax: number | undefined;
  for (const row of rows) {
    if (row.lowest !== null) lowestMax = Math.max(lowestMax ?? 0, row.lowestMax ?? row.lowest);
    if (row.median !== null) {
      medianMin = Math.min(medianMin ?? Number.POSITIVE_INFINITY, row.medianMin ?? row.median);
      medianMax = Math.max(medianMax ?? 0, row.medianMax ?? row.median);
    }
  }
  const extremes: Extremes = {};
  if (lowestMax !== undefined) extremes.lowestMax = lowestMax;
  if (medianMin !== undefined) extremes.medianMin = medianMin;
  if (medianMax !== undefined) extremes.medianMax = medianMax;
  return extremes;
}

/**
 * The lowest lowest price, the median of the medians, the mean listings count (weighted,
 * rounded) and the extremes.
 */
function combinePrices(rows: readonly Prices[]): Omit<Prices, 'samples'> & { samples: number } {
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
    lowest,
    median: median(medians),
    listings: samples === 0 ? 0 : Math.round(listings / samples),
    samples,
    ...extremesOf(rows),
  };
}

/**
 * Each item's prices over the rows that priced it, combined as the row's; an item absent from
 * a row had no listing then, and counts 0 listings there. The most listed items are kept.
 */
function combineItems(rows: readonly PricePointRow[]): ItemPrices[] {
  const byItem = new Map<string, Prices[]>();
  let samples = 0;
  for (const row of rows) {
    samples += row.samples ?? 1;
    for (const item of row.items ?? []) {
      const key = itemKey(item);
      byItem.set(key, [...(byItem.get(key) ?? []), { ...item, samples: row.samples }]);
    }
  }
  return mostListed(
    [...byItem.values()].map((prices) => {
      const { material, name } = prices[0] as Prices & ItemPrices;
      const { samples: itemSamples, listings: itemListings, ...combined } = combinePrices(prices);
      // Averaged over every sample of the bucket, not only those that listed the item.
      const listings = Math.round((itemListings * itemSamples) / samples);
      return { material, name, ...combined, listings };
    }),
  );
}

/**
 * One row for a bucket of one saved search's price points: the lowest lowest price, the
 * median of the medians, the mean listings count (weighted, rounded) and the extremes, overall
 * and per item. Null prices (no listings then) count for the listings mean only. Items are kept
 * only when every row has them: a bucket mixing older rows could not say what those listed.
 */
export function combinePricePoints(
  searchId: string,
  rows: readonly PricePointRow[],
  start: number,
): PricePointRow {
  const combined: PricePointRow = { searchId, time: start, ...combinePrices(rows) };
  if (rows.length > 0 && rows.every((row) => row.items !== undefined)) combined.items = combineItems(rows);
  return combined;
}

/** The start of the UTC day `time` falls in: the bucket price points are folded into. */
export function priceDayStart(time: number): number {
  return Math.floor(time / PRICE_FOLD_BUCKET_MS) * PRICE_FOLD_BUCKET_MS;
}

/** A day is folded already when it holds exactly one folded day row. */
export function priceDayNeedsFold(rows: readonly PricePointRow[]): boolean {
  return !(rows.length === 1 && rows[0]?.span === 'day');
}

/**
 * One saved search's price points of one UTC day (fetched, hourly or an earlier fold of the
 * day) as one row at the day's start: restart-safe, since folding the fold and the points
 * that joined it weights each by the points it stands for, never counting one twice.
 */
export function foldPriceDay(searchId: string, rows: readonly PricePointRow[], day: number): PricePointRow {
  return { ...combinePricePoints(searchId, rows, day), span: 'day' };
}
