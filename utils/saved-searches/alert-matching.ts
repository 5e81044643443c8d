import type { AuctionListing } from '../api/schemas';
import { unitPrice } from '../history/price-summary';

/**
 * Which listings an alert announces. A listing qualifies when its price per item (price / amount:
 * a stack of 64 for 640 is 10 each) is strictly below the alert: at exactly the alert price it is
 * not "below", so an alert at 10 stays quiet for a listing at 10 each. Listings already seen
 * (there when the alert was set, or announced before) and expired ones never qualify.
 */

type Listing = Pick<AuctionListing, 'id' | 'price' | 'amount' | 'time_left_seconds'>;

export function isBelowAlert(listing: Pick<AuctionListing, 'price' | 'amount'>, alertBelow: number): boolean {
  const unit = unitPrice(listing);
  return unit !== null && unit < alertBelow;
}

/** The listings to announce, cheapest per item first. */
export function listingsToAnnounce<L extends Listing>(
  listings: readonly L[],
  alertBelow: number,
  seen: ReadonlySet<number>,
): L[] {
  return listings
    .filter((listing) => listing.time_left_seconds > 0 && !seen.has(listing.id))
    .filter((listing) => isBelowAlert(listing, alertBelow))
    .sort((a, b) => (unitPrice(a) as number) - (unitPrice(b) as number));
}
