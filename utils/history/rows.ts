import { z } from 'zod';

/**
 * The rows of the history database, as zod schemas: every row read back from IndexedDB is
 * parsed with these (another version of the extension, or a bug, may have written it).
 */

const time = z.number().finite();
const samples = z.number().int().positive();

/**
 * One online count. A row without `samples` is one fetched count; a downsampled row stands
 * for `samples` counts of one hour: `count` is their mean, `min` and `max` their extremes.
 */
export const OnlineCountRowSchema = z.object({
  time,
  count: z.number().finite().nonnegative(),
  min: z.number().finite().nonnegative().optional(),
  max: z.number().finite().nonnegative().optional(),
  samples: samples.optional(),
});
export type OnlineCountRow = z.infer<typeof OnlineCountRowSchema>;

/**
 * One hour of online counts, as stored (online-hours.ts says why): the counts fetched in the
 * hour starting at `start`, oldest first, or one downsampled row for an older hour. Each count
 * is parsed on its own when read (OnlineCountRowSchema).
 */
export interface OnlineHourRow {
  start: number;
  rows: OnlineCountRow[];
}

/** What the extension saw of a player at `time` (spec 2.1), written only when something changed. */
export const PlayerSnapshotRowSchema = z.object({
  uuid: z.string(),
  time,
  name: z.string(),
  /** `rank.display`, colour codes and all. */
  rankDisplay: z.string(),
  balance: z.number().finite(),
  shards: z.number().finite(),
  kills: z.number().finite(),
  deaths: z.number().finite(),
  playtimeHours: z.number().finite(),
  /** The API's `stats_may_lag`: kills, deaths and playtime may be minutes old (spec 3.1). */
  statsMayLag: z.boolean(),
});
export type PlayerSnapshotRow = z.infer<typeof PlayerSnapshotRowSchema>;

/**
 * The prices of one saved search at `time`. Prices are null when there were no listings.
 * A downsampled row stands for `samples` points of one hour: the lowest of their lowest
 * prices, the median of their medians, the mean listings count (rounded).
 */
export const PricePointRowSchema = z.object({
  searchId: z.string(),
  time,
  lowest: z.number().finite().nonnegative().nullable(),
  median: z.number().finite().nonnegative().nullable(),
  listings: z.number().int().nonnegative(),
  samples: samples.optional(),
});
export type PricePointRow = z.infer<typeof PricePointRowSchema>;
