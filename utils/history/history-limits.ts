/**
 * Every retention, downsampling and batching limit of the history database, in one place.
 * Times are milliseconds.
 */

import { DAY_MS, HOUR_MS, MINUTE_MS } from '../limits';

// Passed on: the history's limits below are written in them, and its readers import them here.
export { DAY_MS, HOUR_MS, MINUTE_MS };

/** Online counts at full resolution: about 43,000 points at one a minute. */
export const ONLINE_FULL_RESOLUTION_MS = 30 * DAY_MS;
/** Online counts older than this are gone (hourly min/max/mean rows until then). */
export const ONLINE_MAX_AGE_MS = 365 * DAY_MS;

/** Price points at full resolution; one row per search and UTC day beyond (prune-history.ts). */
export const PRICE_FULL_RESOLUTION_MS = 7 * DAY_MS;
/** Price points beyond full resolution are folded into rows this long (aligned to UTC days). */
export const PRICE_FOLD_BUCKET_MS = DAY_MS;
/** Price points one fold transaction reads at most (whole days): a 90-day backlog never holds the database long. */
export const PRICE_FOLD_BATCH_ROWS = 2_000;
/** Price points older than this are gone. */
export const PRICE_MAX_AGE_MS = 90 * DAY_MS;
/** A price point keeps the prices of this many items, the most listed (a broad search matches dozens). */
export const MAX_ITEMS_PER_PRICE_POINT = 8;

/** Listings seen (the deals' medians, market.ts) older than this are gone: the price history's longest range. */
export const LISTING_MAX_AGE_MS = 30 * DAY_MS;
/** The window a listing's deal is judged over: the median of this browser's listings of the item. */
export const DEAL_WINDOW_MS = 7 * DAY_MS;
/** Fewer listings of an item than this in the window: no deal is judged (too few to say). */
export const DEAL_MIN_LISTINGS = 10;
/** "Well below": at least this fraction under the window's median. */
export const DEAL_BELOW_FRACTION = 0.2;

/** Player snapshots older than this are gone. */
export const PLAYER_MAX_AGE_MS = 365 * DAY_MS;

/** Downsampled rows cover one bucket this long (aligned to UTC hours). */
export const DOWNSAMPLE_BUCKET_MS = HOUR_MS;

/** Writes recorded within this window of the first one share one readwrite transaction. */
export const WRITE_BATCH_MS = 1_000;
