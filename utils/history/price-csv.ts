import { csvNumber, csvRow, csvText } from './csv';
import type { PricePointRow } from './history-rows';

/** The columns of a price history export; `points` is how many fetches a row stands for (hourly rows). */
export const PRICE_CSV_HEADER = [
  'search',
  'time',
  'lowest_unit_price',
  'median_unit_price',
  'listings',
  'points',
] as const;

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
    ]);
  }
  return csv;
}
