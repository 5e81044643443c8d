// Specifies how the synced data holds with two browsers on one sync account (tests/fixtures/two-browsers.ts):
// sync delivers each browser's changes to the other key by key, the last writer winning.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBackgroundEvents } from '@/entrypoints/background/background-events';
import {
  createSavedSearchChecks,
  type SavedSearchChecks,
} from '@/entrypoints/background/saved-searches/saved-search-checks';
import {
  savedSearchHandlers,
  startSavedSearches,
} from '@/entrypoints/background/saved-searches/saved-search-feature';
import { createWatchObserver } from '@/entrypoints/background/watchlist/observer';
import { makeListing, makePlayer, makeSearch, ok } from '@/tests/fixtures/players';
import { itemBytes, type TwoBrowsers, twoBrowsers } from '@/tests/fixtures/two-browsers';
import type { AuctionListing } from '@/utils/api/schemas';
import { MAX_SEEN_LISTINGS_PER_SEARCH } from '@/utils/limits';
import { EMPTY_SEARCH_STATE, getSearchStates, putSearchState } from '@/utils/saved-searches/search-state';
import {
  getSavedSearches,
  LEGACY_LIST_KEY,
  LEGACY_LIST_MARK_KEY,
  removeSearch,
  SAVED_SEARCH_TEXT,
  saveSearch,
  searchKey,
  setSearchAlert,
} from '@/utils/saved-searches/storage';
import { addWatched, getWatched, removeWatched, watchKey } from '@/utils/watchlist/watched';

const T = 1_700_000_000_000;
const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

let browsers: TwoBrowsers;
beforeEach(() => {
  fakeBrowser.reset();
  browsers = twoBrowsers();
});
afterEach(() => browsers.restore());

const texts = async (browser: TwoBrowsers['a']) =>
  (await browser.run(() => getSavedSearches())).map((search) => search.text);

describe('saved searches in two browsers', () => {
  it('a search saved in each browser at once: both keep both', async () => {
    const { a, b, deliver } = browsers;
    await a.run(() => saveSearch({ text: 'diamond', sort: 'cheap' }, undefined, T));
    await b.run(() => saveSearch({ text: 'sword', sort: 'cheap' }, undefined, T + 1));
    await deliver();
    expect(await texts(a)).toEqual(['diamond', 'sword']);
    expect(await texts(b)).toEqual(['diamond', 'sword']);
  });

  it('a search removed here stays removed while the other browser edits another one', async () => {
    const { a, b, deliver } = browsers;
    const first = await a.run(() => saveSearch({ text: 'diamond', sort: 'cheap' }, () => 'one', T));
    await a.run(() => saveSearch({ text: 'sword', sort: 'cheap' }, () => 'two', T + 1));
    await deliver();
    expect(first.ok).toBe(true);
    await a.run(() => removeSearch('one'));
    // Later, before hearing of the removal: the other browser sets an alert on the other search.
    await b.run(() => setSearchAlert('two', 5));
    await deliver();
    for (const browser of [a, b]) {
      expect(await browser.run(() => getSavedSearches())).toMatchObject([{ id: 'two', alertBelow: 5 }]);
    }
  });

  it('a browser migrating before sync brought the other’s migrated items does not bring back a cleared alert or a removed search (issue 33, suspicion)', async () => {
    const { a, b, deliver } = browsers;
    const today = [
      { id: 'aaaaaaaaaa', text: 'diamond', sort: 'cheap', alertBelow: 3 },
      { id: 'bbbbbbbbbb', text: 'sword', sort: 'recent' },
    ];
    await a.run(() => fakeBrowser.storage.sync.set({ [LEGACY_LIST_KEY]: today }));
    await deliver();
    const checks = () =>
      createSavedSearchChecks({
        gateway: { auctionSearch: vi.fn(async () => ok(makeSearch([]), T)) },
        announce: async () => undefined,
        now: () => T,
      });
    const [inA, inB] = [checks(), checks()];
    await a.run(async () => {
      startSavedSearches(createBackgroundEvents(), inA);
      await inA.settled();
    });
    // A updated first, migrated, then the user cleared the alert and removed the other search.
    await a.run(() => setSearchAlert('aaaaaaaaaa', null));
    await a.run(() => removeSearch('bbbbbbbbbb'));
    // B updates before sync brought any of it: it migrates the old list too.
    await b.run(async () => {
      startSavedSearches(createBackgroundEvents(), inB);
      await inB.settled();
    });
    expect(await texts(b)).toEqual(['diamond', 'sword']);
    await deliver();
    await deliver();
    for (const browser of [a, b]) {
      expect(await browser.run(() => getSavedSearches())).toEqual([
        { id: 'aaaaaaaaaa', text: 'diamond', sort: 'cheap' },
      ]);
    }
  });

  it('a browser that did not migrate keeps copies sync brings after the mark, in pieces', async () => {
    const { a, b } = browsers;
    await a.run(() =>
      fakeBrowser.storage.sync.set({
        [LEGACY_LIST_KEY]: [{ id: 'aaaaaaaaaa', text: 'diamond', sort: 'cheap' }],
      }),
    );
    await a.run(() => getSavedSearches());
    const inA = await a.run(() => fakeBrowser.storage.sync.get(null));
    const inB = createSavedSearchChecks({
      gateway: { auctionSearch: vi.fn(async () => ok(makeSearch([]), T)) },
      announce: async () => undefined,
      now: () => T,
    });
    await b.run(async () => {
      startSavedSearches(createBackgroundEvents(), inB);
      await inB.settled();
    });
    // A new browser signing in: the mark arrives first, the copies after it.
    await b.run(() => b.sync.apply({ [LEGACY_LIST_MARK_KEY]: { newValue: inA[LEGACY_LIST_MARK_KEY] } }));
    const key = searchKey('aaaaaaaaaa');
    await b.run(() => b.sync.apply({ [key]: { newValue: inA[key] } }));
    await b.run(() => inB.settled());
    expect(await texts(b)).toEqual(['diamond']);
  });

  it('two browsers migrating today’s list at once agree, and nothing is doubled', async () => {
    const { a, b, deliver } = browsers;
    const today = [
      { id: 'aaaaaaaaaa', text: 'diamond', sort: 'cheap', alertBelow: 3 },
      { id: 'bbbbbbbbbb', text: 'sword', sort: 'recent' },
    ];
    await a.run(() => fakeBrowser.storage.sync.set({ [LEGACY_LIST_KEY]: today }));
    await deliver();
    const before = await a.run(() => getSavedSearches());
    expect(await b.run(() => getSavedSearches())).toEqual(before);
    await deliver();
    expect(await a.run(() => getSavedSearches())).toEqual(before);
    expect(await b.run(() => getSavedSearches())).toEqual(before);
    expect(before.map((search) => search.id)).toEqual(['aaaaaaaaaa', 'bbbbbbbbbb']);
  });

  it('edits from this release around a newer release’s searches keep what it wrote', async () => {
    const { a, b, deliver } = browsers;
    // Browser A runs a newer release: a field this one does not know, and a sort it cannot read.
    const newer = {
      [searchKey('n1')]: { v: 2, text: 'diamond', sort: 'cheap', addedAt: 1, folder: 'ores' },
      [searchKey('n2')]: { v: 2, text: 'elytra', sort: 'rarest', addedAt: 2 },
    };
    await a.run(() => fakeBrowser.storage.sync.set(newer));
    await deliver();
    expect(await texts(b)).toEqual(['diamond']);
    await b.run(async () => {
      await setSearchAlert('n1', 9, () => 'r1');
      await saveSearch({ text: 'gold', sort: 'cheap' }, () => 'g1', T);
      await setSearchAlert('n1', null);
    });
    await deliver();
    const stored = await a.run(() => fakeBrowser.storage.sync.get(null));
    expect(stored[searchKey('n1')]).toEqual(newer[searchKey('n1')]);
    expect(stored[searchKey('n2')]).toEqual(newer[searchKey('n2')]);
    expect(stored[searchKey('g1')]).toMatchObject({ text: 'gold' });
  });

  it('a full sync says what was not saved and loses nothing else', async () => {
    browsers.restore();
    browsers = twoBrowsers({ quotas: { QUOTA_BYTES: 200 } });
    const { a, b, deliver } = browsers;
    await a.run(() => saveSearch({ text: 'diamond', sort: 'cheap' }, () => 'one', T));
    await a.run(() => saveSearch({ text: 'sword', sort: 'cheap' }, () => 'two', T + 1));
    expect(await a.run(() => saveSearch({ text: 'a long search that does not fit', sort: 'cheap' }))).toEqual(
      {
        ok: false,
        message: SAVED_SEARCH_TEXT.noRoom,
      },
    );
    await deliver();
    expect(await texts(a)).toEqual(['diamond', 'sword']);
    expect(await texts(b)).toEqual(['diamond', 'sword']);
  });
});

describe('alerts in two browsers', () => {
  const cheap = (id: number) => makeListing({ id, price: 5, amount: 1 });
  let listed: AuctionListing[];
  const announced = { a: [] as number[], b: [] as number[] };

  function checksIn(name: 'a' | 'b'): SavedSearchChecks {
    return createSavedSearchChecks({
      gateway: { auctionSearch: vi.fn(async () => ok(makeSearch(listed), T)) },
      announce: async (_search, listings) => {
        announced[name].push(...listings.map((listing) => listing.id));
      },
      now: () => T,
    });
  }

  beforeEach(() => {
    listed = [cheap(1), cheap(2)];
    announced.a = [];
    announced.b = [];
  });

  it('an alert cleared and set again at the same price in one browser is not re-announced in the other', async () => {
    const { a, b, deliver } = browsers;
    const [inA, inB] = [checksIn('a'), checksIn('b')];
    const saved = await a.run(() => inA.save({ text: 'diamond', sort: 'cheap' }));
    if (!saved.ok) throw new Error(saved.message);
    const { id } = saved.search;
    await a.run(() => inA.setAlert(id, 50));
    await deliver();
    // B's first check takes its baseline for the alert.
    await b.run(() => inB.check(id));
    // In A the alert is cleared; listing 3 appears; the alert is set again at the same price,
    // its baseline taking listing 3 (the user saw it when setting the alert).
    await a.run(() => inA.setAlert(id, null));
    listed = [cheap(1), cheap(2), cheap(3)];
    await a.run(() => inA.setAlert(id, 50));
    await deliver();
    await b.run(() => inB.check(id));
    expect(announced).toEqual({ a: [], b: [] });
    // A listing new to both is announced in both, once.
    listed = [...listed, cheap(4)];
    await a.run(() => inA.check(id));
    await b.run(() => inB.check(id));
    await b.run(() => inB.check(id));
    expect(announced).toEqual({ a: [4], b: [4] });
  });
});

describe('the same search saved in both browsers before sync (issue 33, suspicion)', () => {
  const cheap = (id: number) => makeListing({ id, price: 5, amount: 1 });

  it('is one search, in both, and each listing is announced once', async () => {
    const { a, b, deliver } = browsers;
    let listed = [cheap(1)];
    const announced: number[] = [];
    const checksIn = () =>
      createSavedSearchChecks({
        gateway: { auctionSearch: vi.fn(async () => ok(makeSearch(listed), T)) },
        announce: async (_search, listings) => void announced.push(...listings.map((listing) => listing.id)),
        now: () => T,
      });
    const [inA, inB] = [checksIn(), checksIn()];
    await a.run(() => startSavedSearches(createBackgroundEvents(), inA));
    await b.run(() => startSavedSearches(createBackgroundEvents(), inB));
    const inBoth = [
      await a.run(() => saveSearch({ text: 'diamond', sort: 'cheap' }, () => 'aaaa1', T)),
      await b.run(() => saveSearch({ text: 'Diamond', sort: 'cheap' }, () => 'bbbb1', T + 5)),
    ];
    expect(inBoth.map((saved) => saved.ok)).toEqual([true, true]);
    await a.run(() => inA.setAlert('aaaa1', 40));
    await b.run(() => inB.setAlert('bbbb1', 50));
    await deliver();
    await a.run(() => inA.settled());
    await b.run(() => inB.settled());
    await deliver();
    for (const browser of [a, b]) {
      expect(await browser.run(() => getSavedSearches())).toEqual([
        expect.objectContaining({ id: 'aaaa1', text: 'diamond', alertBelow: 40 }),
      ]);
    }
    const checkAll = async () => {
      for (const [browser, checks] of [
        [a, inA],
        [b, inB],
      ] as const) {
        for (const search of await browser.run(() => getSavedSearches()))
          await browser.run(() => checks.check(search.id));
      }
    };
    // The first checks take each browser's baseline; then a new listing is announced once in each.
    await checkAll();
    listed = [cheap(1), cheap(2)];
    await checkAll();
    await checkAll();
    expect(announced).toEqual([2, 2]);
    expect(
      Object.keys(await a.run(() => fakeBrowser.storage.sync.get(null))).filter((key) =>
        key.startsWith('search:'),
      ),
    ).toEqual([searchKey('aaaa1')]);
  });
});

describe('refused sync writes, said as what happened (issue 33, point 2)', () => {
  /** A browser whose sync takes one write a minute: the search's save takes it. */
  async function oneWriteLeft() {
    browsers.restore();
    browsers = twoBrowsers({ quotas: { MAX_WRITE_OPERATIONS_PER_MINUTE: 1 }, now: () => T });
    const checks = createSavedSearchChecks({
      gateway: { auctionSearch: vi.fn(async () => ok(makeSearch([]), T)) },
      announce: async () => undefined,
      now: () => T,
    });
    const handlers = savedSearchHandlers(checks);
    await browsers.a.run(() => saveSearch({ text: 'diamond', sort: 'cheap' }, () => 'one', T));
    return handlers;
  }
  const sender = {};

  it('an alert refused for the write rate says to wait a minute, not that there is no room', async () => {
    const handlers = await oneWriteLeft();
    const reply = await browsers.a.run(() =>
      handlers['set-saved-search-alert'](
        { type: 'set-saved-search-alert', id: 'one', alertBelow: 5 },
        sender,
      ),
    );
    expect(reply).toEqual({ ok: false, message: SAVED_SEARCH_TEXT.tooFast });
    expect(await browsers.a.run(() => getSavedSearches())).toEqual([
      { id: 'one', text: 'diamond', sort: 'cheap' },
    ]);
  });

  it('a refused removal says so, and what to do; the search stays listed', async () => {
    const handlers = await oneWriteLeft();
    const reply = await browsers.a.run(() =>
      handlers['remove-saved-search']({ type: 'remove-saved-search', id: 'one' }, sender),
    );
    expect(reply).toEqual({ ok: false, message: SAVED_SEARCH_TEXT.tooFast });
    expect(await texts(browsers.a)).toEqual(['diamond']);
  });
});

describe('local state in two browsers (issue 33, point 3)', () => {
  const STATE_KEY = 'savedSearchState';
  const ids = Array.from({ length: 20 }, (_, n) => `search${String(n).padStart(4, '0')}`);

  function checksIn(): SavedSearchChecks {
    return createSavedSearchChecks({
      gateway: { auctionSearch: vi.fn(async () => ok(makeSearch([]), T)) },
      announce: async () => undefined,
      now: () => T,
    });
  }

  /** 20 searches saved in A, known in B with 1,000 seen ids each. */
  async function seenInB(): Promise<void> {
    const { a, b, deliver } = browsers;
    for (const [n, id] of ids.entries())
      await a.run(() => saveSearch({ text: `item ${n}`, sort: 'cheap' }, () => id, T + n));
    await deliver();
    const seen = Array.from({ length: MAX_SEEN_LISTINGS_PER_SEARCH }, (_, n) => 1_000_000 + n);
    for (const id of ids) await b.run(() => putSearchState(id, { ...EMPTY_SEARCH_STATE, seen }));
  }

  it('searches removed in the other browser take their state here with them, as the removal arrives', async () => {
    const { a, b, deliver } = browsers;
    await seenInB();
    const inB = checksIn();
    await b.run(() => startSavedSearches(createBackgroundEvents(), inB));
    const before = await b.local.getBytesInUse(STATE_KEY);
    expect(before).toBeGreaterThan(100_000);
    for (const id of ids) await a.run(() => removeSearch(id));
    await deliver();
    await b.run(() => inB.settled());
    const after = await b.local.getBytesInUse(STATE_KEY);
    expect(after).toBe(itemBytes(STATE_KEY, {}));
    expect(await b.run(() => getSearchStates())).toEqual({});
  });

  it('searches removed while this browser was not running are forgotten at start, and at the next check', async () => {
    const { a, b, deliver } = browsers;
    await seenInB();
    for (const id of ids.slice(1)) await a.run(() => removeSearch(id));
    await deliver();
    // Nothing listened in B: the states stay until a worker starts, or a check runs.
    expect(Object.keys(await b.run(() => getSearchStates()))).toHaveLength(ids.length);
    await b.run(() => checksIn().check(ids[0] as string));
    expect(Object.keys(await b.run(() => getSearchStates()))).toEqual([ids[0]]);

    await a.run(() => removeSearch(ids[0] as string));
    await deliver();
    const inB = checksIn();
    await b.run(async () => {
      startSavedSearches(createBackgroundEvents(), inB);
      await inB.settled();
    });
    expect(await b.local.getBytesInUse(STATE_KEY)).toBe(itemBytes(STATE_KEY, {}));
  });
});

describe('the watchlist in two browsers', () => {
  it('players watched in each browser at once: both keep both', async () => {
    const { a, b, deliver } = browsers;
    await a.run(() => addWatched({ uuid: uuidOf(1), name: 'Notch' }, T));
    await b.run(() => addWatched({ uuid: uuidOf(2), name: 'jeb_' }, T + 1));
    await deliver();
    for (const browser of [a, b]) {
      expect((await browser.run(() => getWatched())).map((player) => player.name)).toEqual(['Notch', 'jeb_']);
    }
  });

  it('a player unwatched here stays unwatched when the other browser sees their new name', async () => {
    const { a, b, deliver } = browsers;
    await a.run(() => addWatched({ uuid: uuidOf(1), name: 'Notch' }, T));
    await deliver();
    await a.run(() => removeWatched(uuidOf(1)));
    // Before the removal arrives, B's observer records an answer with a new name.
    const observer = createWatchObserver({ now: () => T + 5 });
    await b.run(() => observer.observe(makePlayer({ uuid: uuidOf(1), name: 'Notch_2', online: true })));
    await deliver();
    for (const browser of [a, b]) {
      expect(await browser.run(() => getWatched())).toEqual([]);
      expect(await browser.run(() => fakeBrowser.storage.sync.get(watchKey(uuidOf(1))))).toEqual({});
    }
  });
});
