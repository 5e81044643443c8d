import type { AuctionListing } from '../api/schemas';
import { plural, t } from '../i18n/translate';
import { type AlertText, listingLine, listingName, MAX_LISTINGS_NAMED } from '../saved-searches/alert-text';

/** The words of a watched seller: its label in lists, its notification. */

/** "Auctions by Notch": a watched seller as the saved searches list it. */
export function sellerWatchLabel(seller: string): string {
  return t('sellerWatch.label', { name: seller });
}

type Listing = Pick<AuctionListing, 'display_name' | 'material' | 'amount' | 'price' | 'seller'>;

/** One notification per check: the seller's new listings, a few named, the rest counted. */
export function sellerAlertText(seller: string, listings: readonly Listing[]): AlertText {
  const first = listings[0];
  if (listings.length === 1 && first)
    return {
      title: t('sellerWatch.newOne', { name: seller, item: listingName(first) }),
      message: listingLine(first),
    };
  const named = listings.slice(0, MAX_LISTINGS_NAMED).map(listingLine);
  const more = listings.length - named.length;
  return {
    title: plural('sellerWatch.newMany', listings.length, { name: seller }),
    message: [...named, ...(more > 0 ? [t('common.alerts.more', { count: more })] : [])].join('\n'),
  };
}
