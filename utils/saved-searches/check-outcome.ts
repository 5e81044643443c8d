import type { AuctionListing, AuctionSearch } from '../api/schemas';
import { type PriceSummary, priceSummary } from '../history/price-summary';
import { listingsToAnnounce } from './alert-matching';
import type { LastCheck, SavedSearch } from './saved-search';
import type { SearchState } from './search-state';
import { withSeen } from './seen-listings';

/**
 * One check of a saved search, decided: from the answer and what the search knew before, its
 * prices, its new state and the listings to announce. Pure; the background applies it
 * (entrypoints/background/saved-searches/saved-search-checks.ts).
 *
 * - Expired listings (no time left) are not current: not counted, not priced, not announced.
 * - An alert without its baseline (just set, here or in another browser through sync, changed,
 *   or cleared and set again: a new alertRev) takes it: every listing present now is seen, none
 *   is announced (the user set the alert knowing what was listed). Without an alert the baseline is dropped, so an alert set
 *   again takes a new one.
 * - Otherwise listings below the alert not seen before are announced, and seen from then on,
 *   so each is announced once. Listings still in the premium window (docs/api-spec.md §3.2) are
 *   not in the answer at all: they are announced when they first appear, which is when the
 *   user could first see them; never twice.
 */

export interface CheckOutcome {
  state: SearchState;
  announce: AuctionListing[];
  /** Prices for the history store; `count` is the listings matching. */
  prices: PriceSummary;
  last: LastCheck;
}

export function checkOutcome(
  search: Pick<SavedSearch, 'alertBelow' | 'alertRev'>,
  before: SearchState,
  answer: Pick<AuctionSearch, 'results' | 'total_matching'>,
  at: number,
): CheckOutcome {
  const current = answer.results.filter((listing) => listing.time_left_seconds > 0);
  const expired = answer.results.length - current.length;
  const summary = priceSummary(current);
  const listings = Math.max(current.length, answer.total_matching - expired);
  const prices: PriceSummary = { ...summary, count: listings };
  const last: LastCheck = { at, lowest: summary.lowest, median: summary.median, listings };

  let state: SearchState = { ...before, last };
  let announce: AuctionListing[] = [];
  if (search.alertBelow === undefined) {
    state = { ...state, baselineFor: null, baselineRev: null };
  } else {
    const alertRev = search.alertRev ?? null;
    if (before.baselineFor !== search.alertBelow || before.baselineRev !== alertRev) {
      state = {
        ...state,
        baselineFor: search.alertBelow,
        baselineRev: alertRev,
        seen: withSeen(
          before.seen,
          current.map((listing) => listing.id),
        ),
      };
    } else {
      announce = listingsToAnnounce(current, search.alertBelow, new Set(before.seen));
      state = {
        ...state,
        seen: withSeen(
          before.seen,
          announce.map((listing) => listing.id),
        ),
      };
    }
  }
  return { state, announce, prices, last };
}
