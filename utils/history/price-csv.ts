import { csvNumber, csvRow, csvText } from './csv';
import type { PricePointRow } from './history-rows';

/**
 * The columns of a price history export. `period` says what a row is: `check` one fetch,
 * `hour` the checks of the hour from `time` (older versions folded hours), `day` the checks of
 * the UTC day from `time` (price points older than 7 days are folded so: prune-history.ts).
 * `points` is how many checks a row stands for; a folded row's prices are the lowest of the
 * lowest prices and the median of the medians, its listings the mean per check, and the
 * `_min` / `_max` columns the extremes of its checks (for a check, its one value).
 */
export const PRICE_CSV_HEADER = [
  'search',
  'time',
  'lowest_unit_price',
  'median_unit_price',
  'listings',
  'points',
  'period',
  'lowest_unit_price_max',
  'median_unit_price_min',
  'median_unit_price_max',
] as const;

/** The `period` column: what one row stands for. */
function periodOf(point: PricePointRow): 'check' | 'hour' | 'day' {
  if (point.span === 'day') return 'day';
  return point.samples === undefined ? 'check' : 'hour';
}

/** ISO 8601 in UTC; empty for a time no Date can hold. */
function isoTime(time: number): string {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/**
 * A saved search's price history as CSV: a header row, then one row per point in the given
 * order, times in ISO 8601 (UTC). `searchLabel` is the user's text, so it is guarded.
 */
export function priceHistoryCsv(searchLabel: string, points: readonly PricePointRow[]): string {
  const label = csvText(searchLabel);
  let csv = csvRow(PRICE_CSV_HEADER.map(csvText));
  for (const point of points) {
    csv += csvRow([
      label,
      isoTime(point.time),
      csvNumber(point.lowest),
      csvNumber(point.median),
      csvNumber(point.listings),
      csvNumber(point.samples ?? 1),
      csvText(periodOf(point)),
      csvNumber(point.lowestMax ?? point.lowest),
      csvNumber(point.medianMin ?? point.median),
      csvNumber(point.medianMax ?? point.median),
    ]);
  }
  return csv;
}
