import type { AuctionListing, AuctionSearch } from '../api/schemas';
import { type PriceSummary, priceSummary } from '../history/price-summary';
import { isBelowAlert, listingsToAnnounce } from './alert-matching';
import type { LastCheck, SavedSearch } from './saved-search';
import type { SearchState } from './search-state';
import { withSeen } from './seen-listings';

/**
 * One check of a saved search, decided: from the answer and what the search knew before, its
 * prices, its new state and the listings to announce. Pure; the background applies it
 * (entrypoints/background/saved-searches/saved-search-checks.ts).
 *
 * - The answer is the NEWEST listings (sort `recent`, as many as one answer holds: 200), not the
 *   cheapest: the spec does not say whether `cheap` orders by total price or per item (the demo
 *   orders by total), so a cheap-per-item stack could fall outside a `cheap` window, while every
 *   listing that appeared since the last check is in the newest 200 whenever fewer than 200
 *   appeared.
 * - Expired listings (no time left) are not current: not counted, not priced, not announced.
 * - Prices are per item, over the listings in the answer; when more match than it holds, the
 *   check says how many they cover (`covered`), so "lowest" is never claimed for listings unseen.
 * - An alert without its baseline (just set, here or in another browser through sync, changed,
 *   or cleared and set again: a new alertRev) takes it: every listing present now is seen, none
 *   is announced (the user set the alert knowing what was listed). Without an alert the baseline
 *   is dropped, so an alert set
 *   again takes a new one.
 * - Otherwise a listing below the alert not seen before is announced when it is newer than the
 *   oldest listing of the last answer (`windowFrom`), or when the last answer held every match:
 *   it appeared since. One older than that entered the window because newer ones sold: it was
 *   listed before, outside what the last check saw, and is seen without a word. Listings still
 *   in the premium window (docs/api-spec.md §3.2) are not in any answer: they are announced when
 *   they first appear, which is when the user could first see them; never twice.
 * - Every listing below the alert in the answer is seen again (seen-listings.ts keeps the most
 *   recently seen), so one still listed is never pushed out of the bounded list and re-announced.
 */

export interface CheckOutcome {
  state: SearchState;
  announce: AuctionListing[];
  /** Prices for the history store; `count` is the listings matching. */
  prices: PriceSummary;
  last: LastCheck;
}

type Answer = Pick<AuctionSearch, 'results' | 'total_matching'>;

/** The oldest creation time in the answer when it did not hold every match; null when it did. */
export function windowFromOf(answer: Answer): number | null {
  if (answer.results.length >= answer.total_matching) return null;
  let oldest = Number.POSITIVE_INFINITY;
  for (const listing of answer.results) oldest = Math.min(oldest, listing.created_at_epoch);
  return Number.isFinite(oldest) ? oldest : null;
}

/**
 * Whether a listing not seen before appeared since the last check: the last answer held every
 * match, or the listing is newer than its oldest. A state without `windowFrom` (written before
 * it was kept) cannot tell: nothing is announced once, and the next check can.
 */
export function appearedSince(
  listing: Pick<AuctionListing, 'created_at_epoch'>,
  windowFrom: number | null | undefined,
) {
  if (windowFrom === undefined) return false;
  return windowFrom === null || listing.created_at_epoch > windowFrom;
}

export function checkOutcome(
  search: Pick<SavedSearch, 'alertBelow' | 'alertRev'>,
  before: SearchState,
  answer: Answer,
  at: number,
): CheckOutcome {
  const current = answer.results.filter((listing) => listing.time_left_seconds > 0);
  const expired = answer.results.length - current.length;
  const summary = priceSummary(current);
  const listings = Math.max(current.length, answer.total_matching - expired);
  const prices: PriceSummary = { ...summary, count: listings };
  const last: LastCheck = {
    at,
    lowest: summary.lowest,
    median: summary.median,
    listings,
    ...(current.length < listings ? { covered: current.length } : {}),
  };
  const windowFrom = windowFromOf(answer);

  let state: SearchState = { ...before, last, windowFrom };
  let announce: AuctionListing[] = [];
  if (search.alertBelow === undefined) {
    state = { ...state, baselineFor: null, baselineRev: null };
  } else if (before.baselineFor !== search.alertBelow || before.baselineRev !== (search.alertRev ?? null)) {
    state = {
      ...state,
      baselineFor: search.alertBelow,
      baselineRev: search.alertRev ?? null,
      seen: withSeen(
        before.seen,
        current.map((listing) => listing.id),
      ),
    };
  } else {
    const alertBelow = search.alertBelow;
    const unseen = listingsToAnnounce(current, alertBelow, new Set(before.seen));
    announce = unseen.filter((listing) => appearedSince(listing, before.windowFrom));
    const below = current.filter((listing) => isBelowAlert(listing, alertBelow));
    state = {
      ...state,
      seen: withSeen(
        before.seen,
        below.map((listing) => listing.id),
      ),
    };
  }
  return { state, announce, prices, last };
}
