import type { AuctionListing } from '../api/schemas';
import { stripColourCodes } from '../colour-codes';
import { FORMAT_UNKNOWN, formatNumber, itemName } from '../format';
import { plural, t } from '../i18n/translate';
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
  const each = listing.amount > 0 ? formatNumber(listing.price / listing.amount) : FORMAT_UNKNOWN;
  return t('common.alerts.listingLine', {
    amount: formatNumber(listing.amount),
    item: listingName(listing),
    price: formatNumber(listing.price),
    each,
    seller: listing.seller,
  });
}

export interface AlertText {
  title: string;
  message: string;
}

export function alertText(
  search: Pick<SavedSearch, 'text' | 'alertBelow'>,
  listings: readonly Listing[],
): AlertText {
  const limit = search.alertBelow === undefined ? undefined : formatNumber(search.alertBelow);
  const first = listings[0];
  if (listings.length === 1 && first) {
    const item = listingName(first);
    return {
      title:
        limit === undefined
          ? t('common.alerts.newListing', { item })
          : t('common.alerts.newListingBelow', { item, limit }),
      message: listingLine(first),
    };
  }
  const named = listings.slice(0, MAX_LISTINGS_NAMED).map(listingLine);
  const more = listings.length - named.length;
  return {
    title:
      limit === undefined
        ? plural('common.alerts.newListings', listings.length, { search: search.text })
        : plural('common.alerts.newListingsBelow', listings.length, { search: search.text, limit }),
    message: [...named, ...(more > 0 ? [t('common.alerts.more', { count: more })] : [])].join('\n'),
  };
}
