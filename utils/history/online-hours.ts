import { bucketStart } from './downsample';
import { type OnlineCountRow, OnlineCountRowSchema, type OnlineHourRow } from './history-rows';

/**
 * Online counts are stored an hour to a record (schema v3, migrations.ts): a poll a minute
 * is 43,200 counts in 30 days, and Chromium's IndexedDB reads one record per count about 20
 * times slower than the same counts in 720 records (bench/README.md, `history-read-30d`).
 * These helpers are the only code that knows the layout.
 */

/** The counts of an hour record that still parse, oldest first (one bad count does not blank the hour). */
export function countsOfHour(record: unknown): OnlineCountRow[] {
  if (typeof record !== 'object' || record === null) return [];
  const rows = (record as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) return [];
  const parsed: OnlineCountRow[] = [];
  for (const row of rows) {
    const result = OnlineCountRowSchema.safeParse(row);
    if (result.success) parsed.push(result.data);
  }
  return parsed;
}

/** The hour record with `row` added in time order (replacing a count at the same time). */
export function withCount(record: unknown, row: OnlineCountRow): OnlineHourRow {
  const start = bucketStart(row.time);
  const rows = countsOfHour(record).filter((existing) => existing.time !== row.time);
  let at = rows.length;
  while (at > 0 && (rows[at - 1] as OnlineCountRow).time > row.time) at--;
  rows.splice(at, 0, row);
  return { start, rows };
}

/** Counts grouped into hour records (ascending input stays ascending). */
export function hoursOf(rows: readonly OnlineCountRow[]): OnlineHourRow[] {
  const hours = new Map<number, OnlineHourRow>();
  for (const row of rows) {
    const start = bucketStart(row.time);
    hours.set(start, withCount(hours.get(start), row));
  }
  return [...hours.values()].sort((a, b) => a.start - b.start);
}
