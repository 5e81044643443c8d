import type { AuctionListing } from '../api/schemas';
import { stripColourCodes } from '../colour-codes';
import { formatNumber, itemName } from '../format';
import type { SavedSearch } from './saved-search';

/**
 * The words of an alert's notification. Item names are shown without colour codes (a
 * notification is plain text); several listings at once are folded into one notification.
 */

/** Listings named one per line in a folded notification; the rest are counted. */
export const MAX_LISTINGS_NAMED = 3;

type Listing = Pick<AuctionListing, 'display_name' | 'material' | 'amount' | 'price' | 'seller'>;

/** The item's shown name: its display name without colour codes, else the item type's name. */
export function listingName(listing: Pick<AuctionListing, 'display_name' | 'material'>): string {
  const shown = stripColourCodes(listing.display_name).trim();
  return shown === '' ? itemName(listing.material) : shown;
}

/** "64 × Diamond for 640 (10 each) from Notch". */
export function listingLine(listing: Listing): string {
  const each = listing.amount > 0 ? formatNumber(listing.price / listing.amount) : '?';
  return `${formatNumber(listing.amount)} × ${listingName(listing)} for ${formatNumber(listing.price)} (${each} each) from ${listing.seller}`;
}

export interface AlertText {
  title: string;
  message: string;
}

export function alertText(
  search: Pick<SavedSearch, 'text' | 'alertBelow'>,
  listings: readonly Listing[],
): AlertText {
  const below = search.alertBelow === undefined ? '' : ` below ${formatNumber(search.alertBelow)} each`;
  const first = listings[0];
  if (listings.length === 1 && first) {
    return { title: `New listing${below}: ${listingName(first)}`, message: listingLine(first) };
  }
  const named = listings.slice(0, MAX_LISTINGS_NAMED).map(listingLine);
  const more = listings.length - named.length;
  return {
    title: `${formatNumber(listings.length)} new listings${below} for “${search.text}”`,
    message: [...named, ...(more > 0 ? [`and ${formatNumber(more)} more`] : [])].join('\n'),
  };
}
