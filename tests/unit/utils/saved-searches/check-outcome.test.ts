// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkOutcome } from '../../../../utils/saved-searches/check-outcome';
import {
  EMPTY_SEARCH_STATE,
  parseSearchStates,
  type SearchState,
} from '../../../../utils/saved-searches/search-state';
import { makeListing, makeSearch } from '../../../fixtures/players';

const AT = 1_700_000_000_000;
const a = makeListing({ id: 1, price: 640, amount: 64 }); // 10 each
const b = makeListing({ id: 2, price: 30, amount: 1 }); // 30 each
const cheap = makeListing({ id: 3, price: 5, amount: 1 }); // 5 each

describe('checkOutcome', () => {
  it('summarises prices per item and counts matching listings', () => {
    const outcome = checkOutcome({}, EMPTY_SEARCH_STATE, makeSearch([a, b], 7), AT);
    expect(outcome.last).toEqual({ at: AT, lowest: 10, median: 20, listings: 7 });
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
    const outcome = checkOutcome({ alertBelow: 8 }, today, makeSearch([a, cheap]), AT);
    expect(outcome.announce.map((listing) => listing.id)).toEqual([3]);
  });

  it('has no prices when nothing is listed', () => {
    expect(checkOutcome({}, EMPTY_SEARCH_STATE, makeSearch([]), AT).last).toEqual({
      at: AT,
      lowest: null,
      median: null,
      listings: 0,
    });
  });
});
