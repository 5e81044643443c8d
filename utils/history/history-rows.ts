import { z } from 'zod/mini';

/**
 * The rows of the history database, as zod schemas: every row read back from IndexedDB is
 * parsed with these (another version of the extension, or a bug, may have written it).
 */

const time = z.number();
const samples = z.int().check(z.positive());

/**
 * One online count. A row without `samples` is one fetched count; a downsampled row stands
 * for `samples` counts of one hour: `count` is their mean, `min` and `max` their extremes.
 */
export const OnlineCountRowSchema = z.object({
  time,
  count: z.number().check(z.nonnegative()),
  min: z.optional(z.number().check(z.nonnegative())),
  max: z.optional(z.number().check(z.nonnegative())),
  samples: z.optional(samples),
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

/** What the extension saw of a player at `time` (docs/api-spec.md §2.1), written only when something changed. */
export const PlayerSnapshotRowSchema = z.object({
  uuid: z.string(),
  time,
  name: z.string(),
  /** `rank.display`, colour codes and all. */
  rankDisplay: z.string(),
  balance: z.number(),
  shards: z.number(),
  kills: z.number(),
  deaths: z.number(),
  playtimeHours: z.number(),
  /** The API's `stats_may_lag`: kills, deaths and playtime may be minutes old (docs/api-spec.md §3.1). */
  statsMayLag: z.boolean(),
});
export type PlayerSnapshotRow = z.infer<typeof PlayerSnapshotRowSchema>;

/**
 * The prices of ONE item (material and display name) among a search's listings: a search
 * for "diamond" matches Diamond, Diamond Block and Diamond Helmet, whose prices must not be
 * medianed together. `listings` counts that item's listings in the answer.
 */
const price = z.number().check(z.nonnegative());

/**
 * The extremes a downsampled row keeps of the points it folds, so a chart's "from … to …" over
 * folded days says what it said over the points: the highest of their lowest prices, the lowest
 * and highest of their medians. Absent from fetched points (their one value is all of it) and
 * from rows without prices.
 */
const extremes = {
  lowestMax: z.optional(price),
  medianMin: z.optional(price),
  medianMax: z.optional(price),
};

export const ItemPricesSchema = z.object({
  material: z.string(),
  name: z.string(),
  lowest: z.nullable(price),
  median: z.nullable(price),
  listings: z.int().check(z.nonnegative()),
  ...extremes,
});
export type ItemPrices = z.infer<typeof ItemPricesSchema>;

/**
 * The prices of one saved search at `time`. Prices are null when there were no listings.
 * A downsampled row stands for `samples` points of one hour (rows written before days were
 * folded) or, with `span: 'day'`, of the UTC day starting at `time`: the lowest of their lowest
 * prices, the median of their medians, the mean listings count (rounded), the extremes above;
 * per item the same.
 * `items` (most listed first, at most MAX_ITEMS_PER_PRICE_POINT) is absent from points
 * recorded before it existed: those mixed every item, and the chart leaves them out.
 */
export const PricePointRowSchema = z.object({
  searchId: z.string(),
  time,
  lowest: z.nullable(price),
  median: z.nullable(price),
  listings: z.int().check(z.nonnegative()),
  samples: z.optional(samples),
  span: z.optional(z.literal('day')),
  ...extremes,
  items: z.optional(z.array(ItemPricesSchema)),
});
export type PricePointRow = z.infer<typeof PricePointRowSchema>;

/**
 * One auction listing the extension received (an Auctions search or a saved search's check),
 * stored once by its id, at the time it was first seen: what the deals' medians read
 * (market.ts). `perItem` is `price / amount`, an asking price (the API reports no sales).
 */
export const ListingRowSchema = z.object({
  id: z.int(),
  time,
  material: z.string(),
  name: z.string(),
  perItem: price,
});
export type ListingRow = z.infer<typeof ListingRowSchema>;
