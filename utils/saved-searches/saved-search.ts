import { z } from 'zod/mini';
import { AuctionSortSchema } from '../api/schemas';
import { AUCTION_QUERY_MAX_LENGTH } from '../limits';
import { EntryFailureSchema } from '../scheduler/entry-failures';
import { SellerStateSchema } from '../seller-watch/seller-state';

/**
 * A saved auction search: the text and sort the user searched with, and an optional alert
 * ("tell me about new listings priced per item below this"). Kept in storage.sync, one item per
 * search (storage.ts);
 * what the extension learnt about it (last check, listings seen) stays on this machine
 * (search-state.ts), its price history in IndexedDB (utils/history/).
 */

export const SavedSearchIdSchema = z.string().check(z.regex(/^[\w-]{1,64}$/));

/** A price per item: positive, finite. */
export const AlertPriceSchema = z.number().check(z.positive());

export const SavedSearchSchema = z.object({
  id: SavedSearchIdSchema,
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(AUCTION_QUERY_MAX_LENGTH)),
  sort: AuctionSortSchema,
  /** Announce new listings priced per item strictly below this; absent: no alert. */
  alertBelow: z.optional(AlertPriceSchema),
  /**
   * Which setting of the alert this is: new each time it is set, even at the same price, so a
   * browser that missed the clearing still takes a new baseline. Absent on alerts set before it
   * existed (and on those an older release set).
   */
  alertRev: z.optional(z.string().check(z.maxLength(64))),
  /**
   * A watched seller (utils/seller-watch/): only this seller's listings are kept, each new one is
   * announced; `text` is the seller's name. Absent: an ordinary saved search.
   */
  seller: z.optional(z.string().check(z.minLength(1), z.maxLength(AUCTION_QUERY_MAX_LENGTH))),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;

/** What the popup shows of the last check of a saved search (background or user). */
export const LastCheckSchema = z.object({
  at: z.number(),
  /** Lowest and median price per item; null when nothing was listed. */
  lowest: z.nullable(z.number()),
  median: z.nullable(z.number()),
  /** Listings matching the search (the API's total_matching). */
  listings: z.int().check(z.nonnegative()),
  /**
   * When fewer than `listings`: how many listings lowest and median were taken from (the newest,
   * as many as one answer holds). Absent: they cover every listing.
   */
  covered: z.optional(z.int().check(z.nonnegative())),
});
export type LastCheck = z.infer<typeof LastCheckSchema>;

/**
 * A saved search as the popup and Options list it; `failing` while its checks keep failing
 * (utils/scheduler/entry-failures.ts).
 */
export const SavedSearchViewSchema = z.extend(SavedSearchSchema, {
  last: z.nullable(LastCheckSchema),
  failing: z.optional(EntryFailureSchema),
  /** A watched seller's listings now and recently gone (utils/seller-watch/). */
  sellerState: z.optional(SellerStateSchema),
});
export type SavedSearchView = z.infer<typeof SavedSearchViewSchema>;

type Compared = Pick<SavedSearch, 'text' | 'sort'> & { seller?: string | undefined };

/**
 * Two searches are the same when their text (ignoring case and edge spaces) and sort are, and
 * both watch the same seller or neither does: a seller's watch is not a search on their name.
 */
export function sameSearch(a: Compared, b: Compared) {
  return (
    a.sort === b.sort &&
    a.text.trim().toLowerCase() === b.text.trim().toLowerCase() &&
    a.seller?.toLowerCase() === b.seller?.toLowerCase()
  );
}
