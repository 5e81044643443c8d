import type { AuctionListing, AuctionSearch } from '../api/schemas';
import { type PriceSummary, priceSummary } from '../history/price-summary';
import { AUCTION_LIMIT_MAX } from '../limits';
import { appearedSince, type CheckOutcome, windowFromOf } from '../saved-searches/check-outcome';
import type { LastCheck, SavedSearch } from '../saved-searches/saved-search';
import type { SearchState } from '../saved-searches/search-state';
import { withSeen } from '../saved-searches/seen-listings';
import {
  type GoneListing,
  MAX_SELLER_GONE,
  SELLER_GONE_KEPT_MS,
  type SellerListing,
  type SellerState,
} from './seller-state';

/**
 * One check of a watched seller, decided (pure; saved-search-checks.ts applies it). The search is
 * on the seller's name, and the API's `item` matches item names too (docs/api-spec.md §4.3): only
 * the listings whose seller is the name (ignoring case) are kept.
 *
 * - The first check (no answer before: just watched, here or arriving by sync) is quiet: what is
 *   listed then is seen, not new. After it, each listing not seen before that appeared since the
 *   last answer (check-outcome.ts `appearedSince`) is announced, once.
 * - A listing listed at the last check and missing now went *before its end* (sold or cancelled)
 *   when its end had not come; past its end it simply ended and is dropped. When the answer did
 *   not hold every match and the listing is older than its oldest, the answer cannot tell: it is
 *   kept as listed until its end.
 */

type Answer = Pick<AuctionSearch, 'results' | 'total_matching'>;

/** The seller's own listings among an answer's (the search's text matches item names too). */
export function sellersListings<L extends Pick<AuctionListing, 'seller'>>(
  listings: readonly L[],
  seller: string,
): L[] {
  const name = seller.trim().toLowerCase();
  return listings.filter((listing) => listing.seller.toLowerCase() === name);
}

function placed(listing: AuctionListing, at: number): SellerListing {
  return {
    id: listing.id,
    material: listing.material.slice(0, 64),
    name: listing.display_name.slice(0, 256),
    amount: listing.amount,
    price: listing.price,
    createdAt: listing.created_at_epoch,
    endsAt: at + listing.time_left_seconds * 1000,
  };
}

/** The seller's listings now, and those gone before their end (kept SELLER_GONE_KEPT_MS, at most MAX_SELLER_GONE). */
export function nextSellerState(
  before: SellerState | undefined,
  own: readonly AuctionListing[],
  windowFrom: number | null,
  at: number,
): SellerState {
  const current = own.filter((listing) => listing.time_left_seconds > 0);
  const inAnswer = new Set(own.map((listing) => listing.id));
  const listed = current.map((listing) => placed(listing, at));
  const wentNow: GoneListing[] = [];
  for (const was of before?.listed ?? []) {
    if (inAnswer.has(was.id) || !(was.endsAt > at)) continue;
    // Older than what the answer reaches: it may still be listed.
    if (windowFrom !== null && was.createdAt <= windowFrom) listed.push(was);
    else wentNow.push({ ...was, goneAt: at });
  }
  const gone = [...wentNow, ...(before?.gone ?? [])]
    .filter((one) => at - one.goneAt < SELLER_GONE_KEPT_MS)
    .slice(0, MAX_SELLER_GONE);
  return { listed: listed.slice(0, AUCTION_LIMIT_MAX), gone };
}

export function sellerCheckOutcome(
  search: Pick<SavedSearch, 'text'> & { seller: string },
  before: SearchState,
  answer: Answer,
  at: number,
): CheckOutcome {
  const own = sellersListings(answer.results, search.seller);
  const current = own.filter((listing) => listing.time_left_seconds > 0);
  const summary = priceSummary(current);
  const prices: PriceSummary = { ...summary, count: current.length };
  const last: LastCheck = { at, lowest: summary.lowest, median: summary.median, listings: current.length };
  const windowFrom = windowFromOf(answer);
  const seen = new Set(before.seen);
  const announce =
    before.last === null
      ? []
      : current.filter((listing) => !seen.has(listing.id) && appearedSince(listing, before.windowFrom));
  const state: SearchState = {
    ...before,
    last,
    windowFrom,
    baselineFor: null,
    baselineRev: null,
    seen: withSeen(
      before.seen,
      current.map((listing) => listing.id),
    ),
    sellerState: nextSellerState(before.sellerState, own, windowFrom, at),
  };
  return { state, announce, prices, last };
}
