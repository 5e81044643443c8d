import type { MarketItem } from './deal';
import { LISTING_MAX_AGE_MS } from './history-limits';
import { type ListingRow, ListingRowSchema } from './history-rows';
import { itemKeyBounds } from './listing-history';
import type { HistoryDatabase } from './open-history-db';
import { ITEM_INDEX, STORES } from './schema';

/**
 * The item's listings seen in the last LISTING_MAX_AGE_MS (all the history keeps, the longest
 * range), in one readonly read of the `item` index: the view reads once and buckets each range
 * in memory. Rows another version wrote are left out, not trusted.
 */
export async function itemListings(
  db: HistoryDatabase,
  item: MarketItem,
  now: number,
): Promise<ListingRow[]> {
  const [lower, upper] = itemKeyBounds(item, now - LISTING_MAX_AGE_MS, now);
  const found = await db.getAllFromIndex(STORES.listings, ITEM_INDEX, IDBKeyRange.bound(lower, upper));
  return found.flatMap((row) => {
    const parsed = ListingRowSchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
}
