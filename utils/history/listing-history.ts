import type { ChartRangeName, TimeRange } from './chart-ranges';
import type { MarketItem } from './deal';
import { DAY_MS, HOUR_MS } from './history-limits';
import type { ListingRow } from './history-rows';
import type { ItemPricePoint } from './item-history';
import { median } from './median';

/**
 * One item's price history from the listings this browser recorded (docs/architecture.md,
 * "Deals"): the lowest and the median asking price per item of the listings first seen in each
 * time bucket. The listings are not checks at a moment, so they are grouped by when they were
 * seen, a bucket to a point, about 24 to 30 points a range. Pure, and free of zod and idb: the
 * listing's button names its item with these in the popup's eager JavaScript.
 */

/** How long a bucket is in each range: an hour over 24 h, 6 hours over 7 days, a UTC day over 30. */
export const LISTING_BUCKET_MS: Readonly<Record<ChartRangeName, number>> = {
  '24h': HOUR_MS,
  '7d': 6 * HOUR_MS,
  '30d': DAY_MS,
};

/** The listings' item of an auction listing: its material and display name, as the `item` index keys it. */
export function listingItem(listing: { material: string; display_name: string }): MarketItem {
  return { material: listing.material, name: listing.display_name };
}

/** The `item` index's bounds for one item seen from `from` to `to` (both included). */
export function itemKeyBounds(
  item: MarketItem,
  from: number,
  to: number,
): [[string, string, number], [string, string, number]] {
  return [
    [item.material, item.name, from],
    [item.material, item.name, to],
  ];
}

/**
 * One point per bucket (aligned to the UTC epoch, so a bucket is the same whatever the range's
 * end) holding a listing seen in `range`: its start, the lowest and the median price per item.
 * Buckets without a listing are left out: the chart breaks its line there (more than two
 * buckets apart is a gap). Ascending by time, whatever the order of `rows`.
 */
export function listingPricePoints(
  rows: ReadonlyArray<Pick<ListingRow, 'time' | 'perItem'>>,
  range: TimeRange,
  bucketMs: number,
): ItemPricePoint[] {
  const buckets = new Map<number, number[]>();
  for (const row of rows) {
    if (row.time < range.from || row.time > range.to) continue;
    const start = Math.floor(row.time / bucketMs) * bucketMs;
    const prices = buckets.get(start);
    if (prices) prices.push(row.perItem);
    else buckets.set(start, [row.perItem]);
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([time, prices]) => ({ time, lowest: Math.min(...prices), median: median(prices) }));
}
