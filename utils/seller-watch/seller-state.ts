import { z } from 'zod/mini';
import { DAY_MS } from '../history/history-limits';
import { AUCTION_LIMIT_MAX } from '../limits';

/**
 * What this browser knows of a watched seller's listings (docs/architecture.md, "Seller watch"),
 * kept in the saved search's local state (utils/saved-searches/search-state.ts, `sellerState`):
 * those listed at the last check, and those that went before their end, kept a bounded while.
 */

/** A gone listing is shown this long after it went (the watched seller's view), at most … */
export const SELLER_GONE_KEPT_MS = 3 * DAY_MS;
/** … and at most this many, the most recently gone first. */
export const MAX_SELLER_GONE = 20;

export const SellerListingSchema = z.object({
  id: z.int(),
  material: z.string().check(z.maxLength(64)),
  /** The display name as listed (colour codes kept: shown as text, never as markup). */
  name: z.string().check(z.maxLength(256)),
  amount: z.int(),
  price: z.number(),
  /** Server epoch seconds (created_at_epoch): tells whether the next answer still reaches it. */
  createdAt: z.int(),
  /** When it ends, on this machine's clock (ms): fetched time + its time left. */
  endsAt: z.number(),
});
export type SellerListing = z.infer<typeof SellerListingSchema>;

export const GoneListingSchema = z.extend(SellerListingSchema, {
  /** The check that no longer found it (ms). */
  goneAt: z.number(),
});
export type GoneListing = z.infer<typeof GoneListingSchema>;

export const SellerStateSchema = z.object({
  listed: z.catch(z.array(SellerListingSchema).check(z.maxLength(AUCTION_LIMIT_MAX)), []),
  gone: z.catch(z.array(GoneListingSchema).check(z.maxLength(MAX_SELLER_GONE)), []),
});
export type SellerState = z.infer<typeof SellerStateSchema>;
