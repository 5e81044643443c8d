import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { AuctionSearchRequest } from '@/entrypoints/background/gateway/gateway';
import { createSavedSearchChecks } from '@/entrypoints/background/saved-searches/saved-search-checks';
import { createSavedSearchStream } from '@/entrypoints/background/saved-searches/saved-search-stream';
import { fail, makeListing, makeSearch, ok } from '@/tests/fixtures/players';
import { type TwoBrowsers, twoBrowsers } from '@/tests/fixtures/two-browsers';
import type { ApiError } from '@/utils/api/errors';
import type { AuctionListing } from '@/utils/api/schemas';
import { MAX_SAVED_SEARCHES } from '@/utils/limits';
import type { SavedSearch } from '@/utils/saved-searches/saved-search';
import {
  getSavedSearches,
  mergeDuplicateSearches,
  removeSearch,
  SavedSearchItemSchema,
  SELLER_WATCH_VERSION,
  saveSearch,
  searchKey,
} from '@/utils/saved-searches/storage';

const T0 = 1_700_000_000_000;
const MINUTE = 60_000;
const epoch = (ms: number) => Math.floor(ms / 1000);

/** A market where each seller's listings are found by a search on their name (others' too). */
function setup(failing: (text: string) => ApiError | undefined = () => undefined) {
  const world = { clock: T0, asked: [] as string[], market: [] as AuctionListing[] };
  const announced: [SavedSearch, number[]][] = [];
  const auctionSearch = vi.fn(async (request: AuctionSearchRequest) => {
    world.asked.push(request.item);
    const error = failing(request.item);
    if (error) return fail(error);
    const text = request.item.toLowerCase();
    const found = world.market.filter(
      (listing) => listing.seller.toLowerCase() === text || listing.display_name.toLowerCase().includes(text),
    );
    return ok(makeSearch(found), world.clock);
  });
  const checks = createSavedSearchChecks({
    gateway: { auctionSearch },
    announce: async (search, listings) => {
      announced.push([search, listings.map((listing) => listing.id)]);
    },
    now: () => world.clock,
  });
  const stream = createSavedSearchStream({ checks });
  const list = (seller: string, id: number, minutesLeft = 60) =>
    world.market.push(
      makeListing({ id, seller, created_at_epoch: epoch(world.clock), time_left_seconds: minutesLeft * 60 }),
    );
  return { world, announced, checks, stream, list };
}

describe('seller watch in the saved-search stream', () => {
  beforeEach(() => fakeBrowser.reset());

  it('is saved as a saved search of its own kind, and checked in the rotation without an alert', async () => {
    const { world, checks, stream } = setup();
    const saved = await checks.save({ text: '', sort: 'cheap', seller: 'Notch' });
    expect(saved.ok && saved.search).toMatchObject({ text: 'Notch', sort: 'recent', seller: 'Notch' });
    // A plain search on the same name is another search, not the watch again.
    const plain = await checks.save({ text: 'Notch', sort: 'recent' });
    expect(plain.ok && plain.added).toBe(true);
    expect(await checks.alertCount()).toBe(1);
    expect(await stream.demand()).not.toBeNull();
    world.clock += MINUTE;
    await stream.run();
    expect(world.asked).toEqual(['Notch']);
  });

  it('announces each new listing once, quiet at the first check, one notification per check', async () => {
    const { world, announced, checks, stream, list } = setup();
    list('Notch', 1);
    list('Jeb', 50);
    await checks.save({ text: '', sort: 'recent', seller: 'notch' });
    world.clock += MINUTE;
    await stream.run();
    expect(announced).toEqual([]);
    list('Notch', 2);
    list('Notch', 3);
    // Another seller's item named after them: matched by the search, not theirs.
    world.market.push(
      makeListing({
        id: 60,
        seller: 'Jeb',
        display_name: 'notch apple',
        created_at_epoch: epoch(world.clock),
      }),
    );
    world.clock += MINUTE;
    await stream.run();
    expect(announced.map(([, ids]) => ids)).toEqual([[2, 3]]);
    world.clock += MINUTE;
    await stream.run();
    expect(announced).toHaveLength(1);
  });

  it('shows a listing gone before its end in the seller’s view, not one that ended', async () => {
    const { world, checks, stream, list } = setup();
    list('Notch', 1, 60);
    list('Notch', 2, 2);
    const saved = await checks.save({ text: '', sort: 'recent', seller: 'Notch' });
    world.clock += MINUTE;
    await stream.run();
    world.market = [];
    world.clock += 5 * MINUTE;
    await stream.run();
    const [view] = (await checks.list()).filter((search) => saved.ok && search.id === saved.search.id);
    expect(view?.sellerState?.gone.map((gone) => gone.id)).toEqual([1]);
    expect(view?.sellerState?.listed).toEqual([]);
  });

  it('a failing seller rests by itself: the other sellers stay on time', async () => {
    const { world, checks, stream } = setup((text) =>
      text === 'Broken' ? { kind: 'bad-request', message: 'x' } : undefined,
    );
    for (const seller of ['Alpha', 'Broken', 'Gamma'])
      await checks.save({ text: '', sort: 'recent', seller });
    const results = [];
    for (let i = 0; i < 30; i += 1) {
      world.clock += 5 * MINUTE;
      results.push(await stream.run());
    }
    // The stream is never backed off for one seller's failure.
    expect(results.every((result) => result.ok)).toBe(true);
    for (let from = 0; from + 4 <= world.asked.length; from += 1) {
      const window = new Set(world.asked.slice(from, from + 4));
      expect(window.has('Alpha') && window.has('Gamma')).toBe(true);
    }
    const broken = world.asked.filter((text) => text === 'Broken').length;
    expect(broken).toBeGreaterThan(0);
    expect(broken).toBeLessThan(world.asked.filter((text) => text === 'Alpha').length);
  });

  it('counts toward the saved-search limit', async () => {
    const { checks } = setup();
    for (let i = 0; i < MAX_SAVED_SEARCHES; i += 1)
      expect((await checks.save({ text: '', sort: 'recent', seller: `Seller${i}` })).ok).toBe(true);
    expect((await checks.save({ text: 'diamond', sort: 'cheap' })).ok).toBe(false);
  });
});

describe('seller watch in two browsers', () => {
  let browsers: TwoBrowsers;
  beforeEach(() => {
    fakeBrowser.reset();
    browsers = twoBrowsers();
  });
  afterEach(() => browsers.restore());

  it('a watch added in one browser arrives in the other; a plain search on the name stays beside it', async () => {
    const { a, b, deliver } = browsers;
    await a.run(() => saveSearch({ text: '', sort: 'recent', seller: 'Notch' }, () => 'watch1', T0));
    await b.run(() => saveSearch({ text: 'Notch', sort: 'recent' }, () => 'plain1', T0 + 1));
    await deliver();
    for (const browser of [a, b]) {
      await browser.run(() => mergeDuplicateSearches());
      const searches = await browser.run(() => getSavedSearches());
      expect(searches.map((search) => [search.id, search.seller])).toEqual([
        ['watch1', 'Notch'],
        ['plain1', undefined],
      ]);
    }
    // Its item has no `text`: a release before seller watch cannot read it, so keeps it untouched.
    const stored = await b.run(
      async () => (await fakeBrowser.storage.sync.get(searchKey('watch1')))[searchKey('watch1')],
    );
    expect(stored).toEqual({ seller: 'Notch', sort: 'recent', addedAt: T0, v: SELLER_WATCH_VERSION });
  });

  it('an item is a search or a watched seller: one with neither is not readable (nor restored from a backup)', () => {
    expect(
      SavedSearchItemSchema.safeParse({ seller: 'Notch', sort: 'recent', addedAt: 1, v: 2 }).success,
    ).toBe(true);
    expect(SavedSearchItemSchema.safeParse({ text: 'diamond', sort: 'cheap', addedAt: 1 }).success).toBe(
      true,
    );
    expect(SavedSearchItemSchema.safeParse({ sort: 'recent', addedAt: 1, v: 2 }).success).toBe(false);
  });

  it('a newer release’s fields on the item survive; a removal in one browser removes it in both', async () => {
    const { a, b, deliver } = browsers;
    await a.run(async () => {
      await fakeBrowser.storage.sync.set({
        [searchKey('w2')]: { seller: 'Jeb', sort: 'recent', addedAt: T0, v: 3, future: { x: 1 } },
      });
    });
    await deliver();
    expect((await b.run(() => getSavedSearches())).map((search) => search.seller)).toEqual(['Jeb']);
    await b.run(() => removeSearch('w2'));
    await deliver();
    expect(await a.run(() => getSavedSearches())).toEqual([]);
  });

  it('the same seller watched in both browsers before sync met is one watch', async () => {
    const { a, b, deliver } = browsers;
    await a.run(() => saveSearch({ text: '', sort: 'recent', seller: 'Notch' }, () => 'one', T0));
    await b.run(() => saveSearch({ text: '', sort: 'recent', seller: 'NOTCH' }, () => 'two', T0 + 1));
    await deliver();
    await a.run(() => mergeDuplicateSearches());
    await deliver();
    expect((await b.run(() => getSavedSearches())).map((search) => search.id)).toEqual(['one']);
  });
});
