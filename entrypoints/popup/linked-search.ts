import { AUCTION_SORTS, type AuctionSort } from '../../utils/api/vocabulary';
import { AUCTION_QUERY_MAX_LENGTH } from '../../utils/limits';
import type { PopupState } from './popup-state';

/**
 * `popup.html?auctions=TEXT&sort=SORT` opens the Auctions tab searching for TEXT: where a click
 * on a saved search's alert leads (entrypoints/background/saved-searches/open-search-view.ts).
 * Text that is empty or too long is ignored; an unknown sort keeps the last one. Checked by
 * hand: this runs before the popup's first render, where zod is not loaded (popup-state.ts).
 */
export function withLinkedSearch(state: PopupState, search: string): PopupState {
  const params = new URLSearchParams(search);
  const text = (params.get('auctions') ?? '').trim();
  if (text === '' || text.length > AUCTION_QUERY_MAX_LENGTH) return state;
  const sort = params.get('sort');
  const known = AUCTION_SORTS.find((option): option is AuctionSort => option === sort);
  return { ...state, tab: 'auctions', auctionQuery: text, auctionSort: known ?? state.auctionSort };
}
