import { AuctionSortSchema } from '../../utils/api/schemas';
import { AUCTION_QUERY_MAX_LENGTH } from '../../utils/limits';
import type { PopupState } from './popup-state';

/**
 * `popup.html?auctions=TEXT&sort=SORT` opens the Auctions tab searching for TEXT: where a click
 * on a saved search's alert leads (entrypoints/background/saved-searches/open-search-view.ts).
 * Text that is empty or too long is ignored; an unknown sort keeps the last one.
 */
export function withLinkedSearch(state: PopupState, search: string): PopupState {
  const params = new URLSearchParams(search);
  const text = (params.get('auctions') ?? '').trim();
  if (text === '' || text.length > AUCTION_QUERY_MAX_LENGTH) return state;
  const sort = AuctionSortSchema.safeParse(params.get('sort'));
  return {
    ...state,
    tab: 'auctions',
    auctionQuery: text,
    auctionSort: sort.success ? sort.data : state.auctionSort,
  };
}
