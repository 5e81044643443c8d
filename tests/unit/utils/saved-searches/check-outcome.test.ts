// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeListing, makeSearch } from '@/tests/fixtures/players';
import type { AuctionListing } from '@/utils/api/schemas';
import { AUCTION_LIMIT_MAX, MAX_SEEN_LISTINGS_PER_SEARCH } from '@/utils/limits';
import { checkOutcome } from '@/utils/saved-searches/check-outcome';
import { EMPTY_SEARCH_STATE, parseSearchStates, type SearchState } from '@/utils/saved-searches/search-state';

const AT = 1_700_000_000_000;
const a = makeListing({ id: 1, price: 640, amount: 64 }); // 10 each
const b = makeListing({ id: 2, price: 30, amount: 1 }); // 30 each
const cheap = makeListing({ id: 3, price: 5, amount: 1 }); // 5 each

describe('checkOutcome', () => {
  it('summarises prices per item and counts matching listings', () => {
    const outcome = checkOutcome({}, EMPTY_SEARCH_STATE, makeSearch([a, b], 7), AT);
    // Taken from the 2 listings in the answer, of 7 matching: the check says so.
    expect(outcome.last).toEqual({ at: AT, lowest: 10, median: 20, listings: 7, covered: 2 });
    expect(outcome.prices).toEqual({
      lowest: 10,
      median: 20,
      count: 7,
      // Per item too (material and shown name), for the price chart.
      items: [{ material: 'DIAMOND_SWORD', name: 'Diamond Sword', lowest: 10, median: 20, listings: 2 }],
    });
    expect(outcome.announce).toEqual([]);
  });

  it('leaves expired listings out of prices, counts and alerts', () => {
    const expired = makeListing({ id: 9, price: 1, amount: 1, time_left_seconds: 0 });
    const before: SearchState = { ...EMPTY_SEARCH_STATE, baselineFor: 100 };
    const outcome = checkOutcome({ alertBelow: 100 }, before, makeSearch([expired, b]), AT);
    expect(outcome.last).toMatchObject({ lowest: 30, listings: 1 });
    expect(outcome.announce.map((listing) => listing.id)).toEqual([2]);
  });

  it('takes the baseline when the alert was just set: nothing announced, everything seen', () => {
    const before: SearchState = { ...EMPTY_SEARCH_STATE };
    const outcome = checkOutcome({ alertBelow: 100 }, before, makeSearch([a, b, cheap]), AT);
    expect(outcome.announce).toEqual([]);
    expect(outcome.state.baselineFor).toBe(100);
    expect(outcome.state.seen).toEqual([1, 2, 3]);
    // The next check with the same listings announces nothing either.
    expect(
      checkOutcome({ alertBelow: 100 }, outcome.state, makeSearch([a, b, cheap]), AT + 1).announce,
    ).toEqual([]);
  });

  it('announces a new listing below the alert once, ever', () => {
    const baseline = checkOutcome({ alertBelow: 8 }, { ...EMPTY_SEARCH_STATE }, makeSearch([a, b]), AT);
    const first = checkOutcome({ alertBelow: 8 }, baseline.state, makeSearch([cheap, a, b]), AT + 1);
    expect(first.announce.map((listing) => listing.id)).toEqual([3]);
    const again = checkOutcome({ alertBelow: 8 }, first.state, makeSearch([cheap, a, b]), AT + 2);
    expect(again.announce).toEqual([]);
    // Gone for a while (past the limit, or a flaky answer), then back: still not announced again.
    const gone = checkOutcome({ alertBelow: 8 }, again.state, makeSearch([a]), AT + 3);
    expect(checkOutcome({ alertBelow: 8 }, gone.state, makeSearch([cheap]), AT + 4).announce).toEqual([]);
  });

  it('announces a listing that appears after its premium window, when it first shows', () => {
    // Listed before the alert was set but hidden (docs/api-spec.md §3.2): not in the baseline.
    const hidden = makeListing({ id: 4, price: 2, amount: 1, created_at_epoch: 1 });
    const baseline = checkOutcome({ alertBelow: 8 }, { ...EMPTY_SEARCH_STATE }, makeSearch([a]), AT);
    const shows = checkOutcome({ alertBelow: 8 }, baseline.state, makeSearch([hidden, a]), AT + 1);
    expect(shows.announce.map((listing) => listing.id)).toEqual([4]);
  });

  it('does not announce nor remember listings without an alert', () => {
    const outcome = checkOutcome({}, EMPTY_SEARCH_STATE, makeSearch([cheap]), AT);
    expect(outcome.announce).toEqual([]);
    expect(outcome.state.seen).toEqual([]);
  });

  it('an alert arriving by sync, or changed, takes a new baseline: what is listed then is not announced', () => {
    // Checked here before without an alert; the alert was set in another browser.
    const before = checkOutcome({}, EMPTY_SEARCH_STATE, makeSearch([a]), AT).state;
    const synced = checkOutcome({ alertBelow: 50 }, before, makeSearch([a, b]), AT + 1);
    expect(synced.announce).toEqual([]);
    // Raised to 40: cheap is new, but listed when the alert changed.
    const raised = checkOutcome({ alertBelow: 40 }, synced.state, makeSearch([a, b, cheap]), AT + 2);
    expect(raised.announce).toEqual([]);
    expect(raised.state.baselineFor).toBe(40);
  });

  it('an alert cleared and set again at the same price takes a new baseline', () => {
    const set = checkOutcome({ alertBelow: 8 }, EMPTY_SEARCH_STATE, makeSearch([a]), AT);
    const cleared = checkOutcome({}, set.state, makeSearch([a, cheap]), AT + 1);
    expect(cleared.state.baselineFor).toBeNull();
    expect(checkOutcome({ alertBelow: 8 }, cleared.state, makeSearch([a, cheap]), AT + 2).announce).toEqual(
      [],
    );
  });

  it('an alert cleared and set again at the same price elsewhere, unseen here, takes a new baseline', () => {
    // This browser's baseline is for the first setting (r1); the other browser cleared the alert
    // and set it again at 8 (r2) without this one checking in between.
    const first = checkOutcome({ alertBelow: 8, alertRev: 'r1' }, EMPTY_SEARCH_STATE, makeSearch([a]), AT);
    const again = checkOutcome(
      { alertBelow: 8, alertRev: 'r2' },
      first.state,
      makeSearch([a, cheap]),
      AT + 1,
    );
    expect(again.announce).toEqual([]);
    expect(again.state).toMatchObject({ baselineFor: 8, baselineRev: 'r2', seen: [1, 3] });
    // The same setting next time: a new listing below it is announced.
    const cheaper = makeListing({ id: 4, price: 2, amount: 1 });
    const next = checkOutcome(
      { alertBelow: 8, alertRev: 'r2' },
      again.state,
      makeSearch([a, cheap, cheaper]),
      AT + 2,
    );
    expect(next.announce.map((listing) => listing.id)).toEqual([4]);
  });

  it('a baseline kept by today’s release (no revision) still holds for its alert after the update', () => {
    const today = parseSearchStates({ s1: { last: null, seen: [1], baselineFor: 8 } }).s1 as SearchState;
    // The first check cannot tell which unseen listing is new (no windowFrom yet): it announces
    // none, but takes no new baseline either.
    const first = checkOutcome({ alertBelow: 8 }, today, makeSearch([a, cheap]), AT);
    expect(first.announce).toEqual([]);
    expect(first.state).toMatchObject({ baselineFor: 8, baselineRev: null });
    const newer = makeListing({
      id: 4,
      price: 64,
      amount: 64,
      created_at_epoch: cheap.created_at_epoch + 60,
    });
    const next = checkOutcome({ alertBelow: 8 }, first.state, makeSearch([a, cheap, newer]), AT + 60_000);
    expect(next.announce.map((listing) => listing.id)).toEqual([4]);
  });

  it('has no prices when nothing is listed', () => {
    expect(checkOutcome({}, EMPTY_SEARCH_STATE, makeSearch([]), AT).last).toEqual({
      at: AT,
      lowest: null,
      median: null,
      listings: 0,
    });
  });

  describe('more listings match than one answer holds', () => {
    /** Listing `id`, created at `id` seconds (a newer listing has a higher id), `each` per item. */
    const listing = (id: number, each: number): AuctionListing =>
      makeListing({ id, price: each, amount: 1, created_at_epoch: id });
    /** The answer to `recent`: the newest AUCTION_LIMIT_MAX of `all`, and how many match. */
    const newest = (all: readonly AuctionListing[]) => {
      const sorted = [...all].sort((x, y) => y.created_at_epoch - x.created_at_epoch);
      return makeSearch(sorted.slice(0, AUCTION_LIMIT_MAX), all.length);
    };
    const ids = (listings: readonly AuctionListing[]) => listings.map((one) => one.id);
    // 300 listings at 50 each, the alert at 10.
    const market = Array.from({ length: 300 }, (_, i) => listing(i + 1, 50));

    it('announces a new listing below the alert when fewer than 200 appeared, cheap per item or not', () => {
      const baseline = checkOutcome({ alertBelow: 10 }, EMPTY_SEARCH_STATE, newest(market), AT);
      // 150 new listings, one of them a stack at 5 each (priced 320 in total: last by total price).
      const stack = makeListing({ id: 1_000, price: 320, amount: 64, created_at_epoch: 1_000 });
      const fresh = [...Array.from({ length: 149 }, (_, i) => listing(500 + i, 60)), stack];
      const next = checkOutcome({ alertBelow: 10 }, baseline.state, newest([...market, ...fresh]), AT + 1);
      expect(ids(next.announce)).toEqual([1_000]);
    });

    it('does not announce an older listing that enters the answer when newer ones sold', () => {
      // The cheap one (id 50) was listed all along, below the 200 newest.
      const all = market.map((one) => (one.id === 50 ? listing(50, 5) : one));
      const baseline = checkOutcome({ alertBelow: 10 }, EMPTY_SEARCH_STATE, newest(all), AT);
      expect(baseline.state.windowFrom).toBe(101);
      // The 60 newest sold: 50 is now among the 200 newest, but it is not new.
      const sold = all.filter((one) => one.id <= 240);
      const next = checkOutcome({ alertBelow: 10 }, baseline.state, newest(sold), AT + 1);
      expect(next.announce).toEqual([]);
      // Nor later, once it is seen.
      expect(checkOutcome({ alertBelow: 10 }, next.state, newest(sold), AT + 2).announce).toEqual([]);
      // A new one is, still.
      const later = checkOutcome({ alertBelow: 10 }, next.state, newest([...sold, listing(400, 4)]), AT + 3);
      expect(ids(later.announce)).toEqual([400]);
    });

    it('says what its lowest and median cover', () => {
      const outcome = checkOutcome({}, EMPTY_SEARCH_STATE, newest(market), AT);
      expect(outcome.last).toMatchObject({ listings: 300, covered: AUCTION_LIMIT_MAX });
      expect(checkOutcome({}, EMPTY_SEARCH_STATE, makeSearch([a, b]), AT).last.covered).toBeUndefined();
    });

    it('a state from before windowFrom was kept announces nothing once, then goes on', () => {
      const { windowFrom: _, ...old } = checkOutcome(
        { alertBelow: 10 },
        EMPTY_SEARCH_STATE,
        newest(market),
        AT,
      ).state;
      const withOld = [...market.map((one) => (one.id === 50 ? listing(50, 5) : one))];
      const first = checkOutcome(
        { alertBelow: 10 },
        old,
        newest(withOld.filter((one) => one.id <= 240)),
        AT + 1,
      );
      expect(first.announce).toEqual([]);
      const next = checkOutcome(
        { alertBelow: 10 },
        first.state,
        newest([...withOld, listing(400, 4)]),
        AT + 2,
      );
      expect(ids(next.announce)).toEqual([400]);
    });
  });

  it('a listing still listed below the alert is not announced again after 1,000 newer ones were seen', () => {
    const keeps = makeListing({ id: 1, price: 1, amount: 1, created_at_epoch: 1 });
    let state = checkOutcome({ alertBelow: 10 }, EMPTY_SEARCH_STATE, makeSearch([keeps]), AT).state;
    // New cheap listings come and go, 100 a check; the first one stays listed all along.
    for (let round = 0; round < MAX_SEEN_LISTINGS_PER_SEARCH / 100 + 2; round++) {
      const batch = Array.from({ length: 100 }, (_, i) =>
        makeListing({
          id: 10 + round * 100 + i,
          price: 1,
          amount: 1,
          created_at_epoch: 10 + round * 100 + i,
        }),
      );
      const outcome = checkOutcome({ alertBelow: 10 }, state, makeSearch([...batch, keeps]), AT + round + 1);
      expect(outcome.announce.map((one) => one.id)).not.toContain(1);
      state = outcome.state;
    }
  });
});
