import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { AuctionSearchRequest } from '@/entrypoints/background/gateway/gateway';
import {
  createSavedSearchChecks,
  type SavedSearchChecks,
} from '@/entrypoints/background/saved-searches/saved-search-checks';
import { fail, makeListing, makeSearch, ok } from '@/tests/fixtures/players';
import type { AuctionListing, AuctionSearch } from '@/utils/api/schemas';
import { createHistoryStore, type HistoryStore } from '@/utils/history/history-store';
import { AUCTION_LIMIT_MAX } from '@/utils/limits';
import type { Reply } from '@/utils/messages';
import { getSearchStates } from '@/utils/saved-searches/search-state';
import { freshIndexedDb } from '../../utils/history/history-fixtures';

const T = 1_700_000_000_000;
let listed: AuctionListing[] = [];
let answer: () => Reply<AuctionSearch> = () => ok(makeSearch(listed), T);
const auctionSearch = vi.fn(async (_: AuctionSearchRequest) => answer());
const announce = vi.fn(async (_search: unknown, _listings: readonly AuctionListing[]) => undefined);
let history: HistoryStore;
let checks: SavedSearchChecks;

const announcedIds = () =>
  announce.mock.calls.flatMap(([, listings]) => listings.map((listing) => listing.id));

describe('saved search checks', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    freshIndexedDb();
    listed = [makeListing({ id: 1, price: 20 }), makeListing({ id: 2, price: 640, amount: 64 })];
    answer = () => ok(makeSearch(listed), T);
    auctionSearch.mockClear();
    auctionSearch.mockImplementation(async (_: AuctionSearchRequest) => answer());
    announce.mockClear();
    history = createHistoryStore({ dbName: 'checks-test', batchMs: 50, now: () => T });
    checks = createSavedSearchChecks({ gateway: { auctionSearch }, history, announce, now: () => T });
  });

  afterEach(async () => {
    await history.close();
  });

  async function saved(text = 'diamond') {
    const result = await checks.save({ text, sort: 'recent' });
    if (!result.ok) throw new Error(result.message);
    return result.search.id;
  }

  it('saves a search once; saving it again says it was there', async () => {
    expect(await checks.save({ text: 'diamond', sort: 'recent' })).toMatchObject({ ok: true, added: true });
    expect(await checks.save({ text: 'Diamond', sort: 'recent' })).toMatchObject({ ok: true, added: false });
    expect(await checks.list()).toHaveLength(1);
  });

  it('asks for the newest listings, records prices and the last check', async () => {
    const id = await saved();
    const reply = await checks.check(id, { fresh: true });
    expect(auctionSearch).toHaveBeenCalledWith({
      item: 'diamond',
      sort: 'recent',
      limit: AUCTION_LIMIT_MAX,
      fresh: true,
    });
    expect(reply).toMatchObject({ ok: true, data: { id, last: { lowest: 10, median: 15, listings: 2 } } });
    const points = await history.pricePoints(id, 0, T);
    expect(points).toEqual([
      {
        searchId: id,
        time: T,
        lowest: 10,
        median: 15,
        listings: 2,
        items: [{ material: 'DIAMOND_SWORD', name: 'Diamond Sword', lowest: 10, median: 15, listings: 2 }],
      },
    ]);
    expect((await checks.list())[0]?.last).toMatchObject({ lowest: 10 });
  });

  it('a failed check records nothing and says why', async () => {
    const id = await saved();
    answer = () => fail({ kind: 'rate-limited', retryAfterSeconds: 30 });
    expect(await checks.check(id)).toEqual({
      ok: false,
      error: { kind: 'rate-limited', retryAfterSeconds: 30 },
    });
    expect(await history.pricePoints(id, 0, T)).toEqual([]);
  });

  it('setting an alert takes the baseline; a new cheaper listing is announced once', async () => {
    const id = await saved();
    const set = await checks.setAlert(id, 15);
    expect(set).toMatchObject({ alertBelow: 15, last: { lowest: 10 } });
    // Listing 2 (10 each) was there when the alert was set: never announced.
    expect(announce).not.toHaveBeenCalled();

    listed = [...listed, makeListing({ id: 3, price: 12 })];
    await checks.check(id, { fresh: true });
    expect(announcedIds()).toEqual([3]);
    await checks.check(id, { fresh: true });
    expect(announcedIds()).toEqual([3]);
  });

  it('keeps each alert’s recent rate of new listings, its news per check (issue 37)', async () => {
    const id = await saved();
    await checks.setAlert(id, 15);
    expect((await getSearchStates())[id]?.newPerHour).toBeUndefined();
    // Half an hour later, one new listing under the alert: 2 an hour.
    listed = [...listed, makeListing({ id: 3, price: 12 })];
    answer = () => ok(makeSearch(listed), T + 1_800_000);
    await checks.check(id, { fresh: true });
    expect((await getSearchStates())[id]?.newPerHour).toBe(2);
    expect(await checks.worth?.()).toEqual({ news: 0, floorAt: T + 1_800_000 + 3_600_000 });
  });

  it('the announced set survives a new worker (a second instance reading storage)', async () => {
    const id = await saved();
    await checks.setAlert(id, 15);
    listed = [...listed, makeListing({ id: 3, price: 12 })];
    await checks.check(id);
    const restarted = createSavedSearchChecks({
      gateway: { auctionSearch },
      history,
      announce,
      now: () => T,
    });
    await restarted.check(id);
    expect(announcedIds()).toEqual([3]);
  });

  it('a baseline that could not be taken is taken by the next check, announcing nothing', async () => {
    const id = await saved();
    answer = () => fail({ kind: 'offline' });
    await checks.setAlert(id, 15);
    expect((await getSearchStates())[id]?.baselineFor).toBeNull();
    answer = () => ok(makeSearch(listed), T);
    await checks.check(id);
    expect(announce).not.toHaveBeenCalled();
    expect((await getSearchStates())[id]?.baselineFor).toBe(15);
  });

  it('removing a search clears its state and its price history', async () => {
    const id = await saved();
    await checks.check(id);
    expect(await checks.remove(id)).toBe(true);
    expect(await history.pricePoints(id, 0, T)).toEqual([]);
    expect(await getSearchStates()).toEqual({});
    expect(await checks.check(id)).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
  });

  it('prunes the history (retention, downsampling) after a check, at most once an hour', async () => {
    const prune = vi.spyOn(history, 'prune');
    const id = await saved();
    await checks.check(id);
    await checks.check(id);
    expect(prune).toHaveBeenCalledTimes(1);
    expect(prune).toHaveBeenCalledWith(T);
  });

  it('goes through searches with alerts, least recently checked first', async () => {
    const a = await saved('a');
    const b = await saved('b');
    await saved('no alert');
    expect(await checks.alertCount()).toBe(0);
    expect(await checks.nextToCheck()).toBeUndefined();
    await checks.setAlert(a, 5);
    await checks.setAlert(b, 5);
    expect(await checks.alertCount()).toBe(2);
    // Both were checked at T by their baselines: the first in the list goes first.
    expect(await checks.nextToCheck()).toBe(a);
  });

  it('announces a new stack cheap per item among 300 listings, which the cheapest 200 by total price leave out', async () => {
    // The server as the demo orders: `cheap` by total price, `recent` by creation, 200 at most.
    const market = Array.from({ length: 300 }, (_, i) =>
      makeListing({ id: i + 1, price: 50, amount: 1, created_at_epoch: i + 1 }),
    );
    listed = market;
    answer = () => ok(makeSearch(listed), T);
    auctionSearch.mockImplementation(async ({ sort, limit }) => {
      const order =
        sort === 'cheap'
          ? (x: AuctionListing, y: AuctionListing) => x.price - y.price || x.id - y.id
          : (x: AuctionListing, y: AuctionListing) => y.created_at_epoch - x.created_at_epoch || x.id - y.id;
      return ok(makeSearch([...listed].sort(order).slice(0, limit), listed.length), T);
    });
    const id = await saved();
    await checks.setAlert(id, 10);
    // 64 at 5 each: 320 in total, the dearest listing by total price.
    listed = [...market, makeListing({ id: 301, price: 320, amount: 64, created_at_epoch: 301 })];
    await checks.check(id);
    expect(announcedIds()).toEqual([301]);
  });
});
