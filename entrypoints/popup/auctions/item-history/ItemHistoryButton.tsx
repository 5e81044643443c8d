import type { AuctionListing } from '@/utils/api/schemas';
import type { MarketItem } from '@/utils/history/deal';
import { listingItem } from '@/utils/history/listing-history';
import { t } from '@/utils/i18n/translate';
import { pricedItemName } from '../saved/price-figures';

/** The id of a listing's button, to give it the focus back when its item's history closes. */
export const historyButtonId = (listingId: number) => `item-history-${listingId}`;

export interface ItemHistoryButtonProps {
  listing: AuctionListing;
  onOpen: (item: MarketItem, listingId: number) => void;
}

/**
 * "Price history", named for its item ("Price history of Barrier") for assistive technology;
 * after a space, as it follows the item's name in the row.
 */
export function ItemHistoryButton({ listing, onOpen }: ItemHistoryButtonProps) {
  const item = listingItem(listing);
  return (
    <>
      {' '}
      <button
        type="button"
        id={historyButtonId(listing.id)}
        class="link-button listing__history"
        aria-label={t('itemHistory.openLabel', { item: pricedItemName(item) })}
        onClick={() => onOpen(item, listing.id)}
      >
        {t('itemHistory.open')}
      </button>
    </>
  );
}
