// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeListing, makeSearch } from '@/tests/fixtures/players';
import { AUCTION_LIMIT_MAX } from '@/utils/limits';
import { EMPTY_SEARCH_STATE, type SearchState } from '@/utils/saved-searches/search-state';
import { nextSellerState, sellerCheckOutcome, sellersListings } from '@/utils/seller-watch/seller-outcome';
import { MAX_SELLER_GONE, SELLER_GONE_KEPT_MS } from '@/utils/seller-watch/seller-state';

const AT = 1_700_000_000_000;
const MINUTE = 60_000;
const watch = { text: 'Notch', seller: 'Notch' };
const theirs = (id: number, over = {}) => makeListing({ id, seller: 'Notch', ...over });
// The search on "Notch" also matches items named after them, listed by others (api-spec §4.3).
const others = makeListing({ id: 90, seller: 'Jeb', display_name: 'Notch Apple' });

describe('the seller filter', () => {
  it("keeps the seller's listings whatever the case, and drops other sellers' matches", () => {
    const listings = [
      theirs(1),
      makeListing({ id: 2, seller: 'NOTCH' }),
      others,
      makeListing({ id: 3, seller: 'Notch_' }),
    ];
    expect(sellersListings(listings, 'notch').map((listing) => listing.id)).toEqual([1, 2]);
    expect(sellersListings(listings, ' Notch ').map((listing) => listing.id)).toEqual([1, 2]);
  });

  it("counts and prices only the seller's listings", () => {
    const outcome = sellerCheckOutcome(
      watch,
      { ...EMPTY_SEARCH_STATE },
      makeSearch([theirs(1, { price: 10 }), others]),
      AT,
    );
    expect(outcome.last).toEqual({ at: AT, lowest: 10, median: 10, listings: 1 });
    expect(outcome.state.sellerState?.listed.map((listing) => listing.id)).toEqual([1]);
  });
});

describe('announce once', () => {
  it('starts quiet: what is listed at the first check is not new', () => {
    const first = sellerCheckOutcome(
      watch,
      { ...EMPTY_SEARCH_STATE },
      makeSearch([theirs(1), theirs(2)]),
      AT,
    );
    expect(first.announce).toEqual([]);
    expect(first.state.seen).toEqual([1, 2]);
  });

  it('announces a new listing of theirs once, and not another seller’s', () => {
    const first = sellerCheckOutcome(watch, { ...EMPTY_SEARCH_STATE }, makeSearch([theirs(1)]), AT);
    const newer = theirs(2, { created_at_epoch: Math.floor(AT / 1000) });
    const other = makeListing({ id: 91, seller: 'Jeb', created_at_epoch: Math.floor(AT / 1000) });
    const second = sellerCheckOutcome(watch, first.state, makeSearch([newer, other, theirs(1)]), AT + MINUTE);
    expect(second.announce.map((listing) => listing.id)).toEqual([2]);
    const third = sellerCheckOutcome(watch, second.state, makeSearch([newer, theirs(1)]), AT + 2 * MINUTE);
    expect(third.announce).toEqual([]);
  });

  it('stays quiet after failed checks until one answered (no answer before: baseline)', () => {
    const failedOnly: SearchState = { ...EMPTY_SEARCH_STATE, failure: undefined };
    expect(sellerCheckOutcome(watch, failedOnly, makeSearch([theirs(5)]), AT).announce).toEqual([]);
  });
});

describe('gone before its end, or ended', () => {
  const listedFor = (minutes: number) => theirs(1, { time_left_seconds: minutes * 60 });

  it('a listing missing before its end is gone before its end (sold or cancelled)', () => {
    const first = sellerCheckOutcome(
      watch,
      { ...EMPTY_SEARCH_STATE },
      makeSearch([listedFor(60), theirs(2)]),
      AT,
    );
    const second = sellerCheckOutcome(watch, first.state, makeSearch([theirs(2)]), AT + MINUTE);
    expect(second.state.sellerState?.gone.map((gone) => [gone.id, gone.goneAt])).toEqual([[1, AT + MINUTE]]);
    expect(second.state.sellerState?.listed.map((listing) => listing.id)).toEqual([2]);
  });

  it('a listing missing after its end simply ended: not gone', () => {
    const first = sellerCheckOutcome(watch, { ...EMPTY_SEARCH_STATE }, makeSearch([listedFor(5)]), AT);
    const after = sellerCheckOutcome(watch, first.state, makeSearch([]), AT + 10 * MINUTE);
    expect(after.state.sellerState).toEqual({ listed: [], gone: [] });
    // Still in the answer with no time left: ended too.
    const expired = sellerCheckOutcome(
      watch,
      first.state,
      makeSearch([theirs(1, { time_left_seconds: 0 })]),
      AT + MINUTE,
    );
    expect(expired.state.sellerState?.gone).toEqual([]);
  });

  it('cannot tell when the answer no longer reaches it: kept as listed', () => {
    const old = theirs(1, { created_at_epoch: 1000 });
    const first = sellerCheckOutcome(watch, { ...EMPTY_SEARCH_STATE }, makeSearch([old]), AT);
    // 200 newer listings of others matching the name fill the answer; more match.
    const newer = Array.from({ length: AUCTION_LIMIT_MAX }, (_, i) =>
      makeListing({ id: 100 + i, seller: 'Jeb', created_at_epoch: 2000 + i }),
    );
    const second = sellerCheckOutcome(watch, first.state, makeSearch(newer, 500), AT + MINUTE);
    expect(second.state.sellerState?.gone).toEqual([]);
    expect(second.state.sellerState?.listed.map((listing) => listing.id)).toEqual([1]);
  });

  it('keeps gone listings a bounded while, the most recent first (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10 * 24 * 60 }), { maxLength: 60 }), (minutesApart) => {
        let state = nextSellerState(undefined, [], null, AT);
        let at = AT;
        let id = 1;
        for (const gap of minutesApart) {
          const listing = theirs(id, { time_left_seconds: 365 * 24 * 3600 });
          state = nextSellerState(state, [listing], null, at);
          at += gap * MINUTE + 1;
          state = nextSellerState(state, [], null, at);
          id += 1;
          expect(state.gone.length).toBeLessThanOrEqual(MAX_SELLER_GONE);
          for (const gone of state.gone) expect(at - gone.goneAt).toBeLessThan(SELLER_GONE_KEPT_MS);
          const times = state.gone.map((gone) => gone.goneAt);
          expect([...times].sort((x, y) => y - x)).toEqual(times);
          // The one that just went is always shown.
          expect(state.gone[0]?.id).toBe(id - 1);
        }
      }),
    );
  });
});
