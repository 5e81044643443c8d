import type { AuctionSort } from '@/utils/api/vocabulary';
import type { MessageKey } from '@/utils/i18n/translate';

/** What each auction sort is called: the sort menu and a saved search's title. */
export const SORT_NAMES = {
  recent: 'popup.auctions.sortRecent',
  oldest: 'popup.auctions.sortOldest',
  cheap: 'popup.auctions.sortCheap',
  expensive: 'popup.auctions.sortExpensive',
} as const satisfies Record<AuctionSort, MessageKey>;
