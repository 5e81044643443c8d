import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { speak } from '@/tests/fixtures/catalogues';
import { MAX_SAVED_SEARCHES } from '@/utils/limits';
import {
  getSavedSearches,
  LEGACY_LIST_KEY,
  LEGACY_LIST_MARK_KEY,
  LEGACY_LIST_MIGRATED,
  migrateSavedSearchList,
  parseSavedSearches,
  removeSearch,
  SAVED_SEARCH_TEXT,
  SAVED_SEARCH_VERSION,
  saveSearch,
  searchKey,
  setSearchAlert,
  shortId,
  tooManySearchesMessage,
} from '@/utils/saved-searches/storage';

let next = 0;
const newId = () => `s${++next}`;

describe('saved searches in storage.sync', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    next = 0;
  });

  it('saves text and sort in storage.sync, one versioned item per search', async () => {
    const first = await saveSearch({ text: '  diamond ', sort: 'cheap' }, newId, 1000);
    expect(first).toEqual({ ok: true, added: true, search: { id: 's1', text: 'diamond', sort: 'cheap' } });
    const again = await saveSearch({ text: 'DIAMOND', sort: 'cheap' }, newId, 2000);
    expect(again).toMatchObject({ ok: true, added: false, search: { id: 's1' } });
    await saveSearch({ text: 'diamond', sort: 'recent' }, newId, 3000);
    expect(await getSavedSearches()).toHaveLength(2);
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({
      [searchKey('s1')]: { v: SAVED_SEARCH_VERSION, text: 'diamond', sort: 'cheap', addedAt: 1000 },
      [searchKey('s2')]: { v: SAVED_SEARCH_VERSION, text: 'diamond', sort: 'recent', addedAt: 3000 },
    });
  });

  it('keeps the order they were saved in, even within one millisecond', async () => {
    for (const text of ['c', 'a', 'b', 'd']) await saveSearch({ text, sort: 'cheap' }, shortId, 5000);
    expect((await getSavedSearches()).map((search) => search.text)).toEqual(['c', 'a', 'b', 'd']);
  });

  it('lists them oldest first', async () => {
    await fakeBrowser.storage.sync.set({
      [searchKey('late')]: { v: 1, text: 'b', sort: 'cheap', addedAt: 20 },
      [searchKey('early')]: { v: 1, text: 'a', sort: 'cheap', addedAt: 10 },
    });
    expect((await getSavedSearches()).map((search) => search.id)).toEqual(['early', 'late']);
  });

  it('says so when storage.sync has no room left, and keeps what was there', async () => {
    await saveSearch({ text: 'a', sort: 'cheap' }, newId);
    vi.spyOn(fakeBrowser.storage.sync, 'set').mockRejectedValueOnce(
      new Error('QUOTA_BYTES_PER_ITEM quota exceeded'),
    );
    expect(await saveSearch({ text: 'b', sort: 'cheap' }, newId)).toEqual({
      ok: false,
      message: SAVED_SEARCH_TEXT.noRoom,
    });
    expect((await getSavedSearches()).map((search) => search.text)).toEqual(['a']);
  });

  it('says to wait a minute when sync refuses the write rate', async () => {
    vi.spyOn(fakeBrowser.storage.sync, 'set').mockRejectedValueOnce(
      new Error('This request exceeds the MAX_WRITE_OPERATIONS_PER_MINUTE quota.'),
    );
    expect(await saveSearch({ text: 'b', sort: 'cheap' }, newId)).toEqual({
      ok: false,
      message: SAVED_SEARCH_TEXT.tooFast,
    });
    expect(SAVED_SEARCH_TEXT.tooFast).toContain('Wait a minute');
  });

  it('makes short ids, and never reuses one', async () => {
    expect(shortId()).toMatch(/^[0-9a-f]{10}$/);
    const ids = ['same', 'same', 'other'];
    await saveSearch({ text: 'a', sort: 'cheap' }, () => ids.shift() as string);
    const second = await saveSearch({ text: 'b', sort: 'cheap' }, () => ids.shift() as string);
    expect(second).toMatchObject({ ok: true, search: { id: 'other' } });
  });

  it('refuses an empty search', async () => {
    expect(await saveSearch({ text: '  ', sort: 'cheap' }, newId)).toEqual({
      ok: false,
      message: SAVED_SEARCH_TEXT.empty,
    });
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES}, and says so past that`, async () => {
    for (let i = 0; i < MAX_SAVED_SEARCHES; i++) {
      expect((await saveSearch({ text: `item ${i}`, sort: 'cheap' }, newId)).ok).toBe(true);
    }
    expect(await saveSearch({ text: 'one more', sort: 'cheap' }, newId)).toEqual({
      ok: false,
      message: tooManySearchesMessage(),
    });
    expect(tooManySearchesMessage()).toContain('Remove one');
    expect(await getSavedSearches()).toHaveLength(MAX_SAVED_SEARCHES);
  });

  it('sets, changes and clears an alert; each setting has its own revision', async () => {
    await saveSearch({ text: 'diamond', sort: 'cheap' }, newId);
    expect(await setSearchAlert('s1', 12.5, () => 'r1')).toMatchObject({ alertBelow: 12.5, alertRev: 'r1' });
    expect((await getSavedSearches())[0]).toMatchObject({ alertBelow: 12.5, alertRev: 'r1' });
    const cleared = await setSearchAlert('s1', null);
    expect(cleared).toEqual({ id: 's1', text: 'diamond', sort: 'cheap' });
    expect((await fakeBrowser.storage.sync.get(searchKey('s1')))[searchKey('s1')]).not.toHaveProperty(
      'alertRev',
    );
    // The same price again is a new setting of the alert.
    expect(await setSearchAlert('s1', 12.5, () => 'r2')).toMatchObject({ alertBelow: 12.5, alertRev: 'r2' });
    expect(await setSearchAlert('gone', 3)).toBeUndefined();
  });

  it('removes one', async () => {
    await saveSearch({ text: 'a', sort: 'cheap' }, newId);
    await saveSearch({ text: 'b', sort: 'cheap' }, newId);
    expect(await removeSearch('s1')).toBe(true);
    expect(await removeSearch('s1')).toBe(false);
    expect((await getSavedSearches()).map((search) => search.id)).toEqual(['s2']);
  });

  it('lists only the items it can read, and leaves the others as they are', async () => {
    const items = {
      [searchKey('a')]: { v: 1, text: 'x', sort: 'cheap', addedAt: 1 },
      [searchKey('b')]: { v: 2, text: 'y', sort: 'sideways', addedAt: 2 },
      [searchKey('c')]: { v: 1, text: 'w', sort: 'recent', alertBelow: -1, addedAt: 3 },
      [searchKey('bad id!')]: { v: 1, text: 'u', sort: 'cheap', addedAt: 4 },
      [searchKey('e')]: 'junk',
      [searchKey('d')]: { v: 1, text: 'v', sort: 'recent', alertBelow: 3, addedAt: 5 },
      other: { text: 'z', sort: 'cheap' },
    };
    await fakeBrowser.storage.sync.set(items);
    expect((await getSavedSearches()).map((search) => search.id)).toEqual(['a', 'd']);
    await saveSearch({ text: 'new', sort: 'cheap' }, newId);
    await setSearchAlert('a', 5);
    await removeSearch('d');
    const stored = await fakeBrowser.storage.sync.get(null);
    for (const key of [searchKey('b'), searchKey('c'), searchKey('bad id!'), searchKey('e'), 'other'])
      expect(stored[key]).toEqual(items[key]);
  });

  it('counts the items it cannot read towards the limit: each takes its room in sync', async () => {
    const items: Record<string, unknown> = {};
    for (let i = 0; i < MAX_SAVED_SEARCHES; i++)
      items[searchKey(`n${i}`)] = { v: 9, text: `item ${i}`, sort: 'newest', addedAt: i };
    await fakeBrowser.storage.sync.set(items);
    expect(await saveSearch({ text: 'one more', sort: 'cheap' }, newId)).toEqual({
      ok: false,
      message: tooManySearchesMessage(),
    });
  });
});

describe('a newer release’s saved searches, edited by this one', () => {
  beforeEach(() => fakeBrowser.reset());

  it('keeps fields it does not know and the newer version mark when it sets an alert', async () => {
    const newer = { v: 3, text: 'diamond', sort: 'cheap', addedAt: 5, folder: 'ores', alertBelow: 9 };
    await fakeBrowser.storage.sync.set({ [searchKey('n1')]: newer });
    await setSearchAlert('n1', 7, () => 'r9');
    expect((await fakeBrowser.storage.sync.get(searchKey('n1')))[searchKey('n1')]).toEqual({
      ...newer,
      alertBelow: 7,
      alertRev: 'r9',
    });
    await setSearchAlert('n1', null);
    const { alertBelow: _, ...withoutAlert } = newer;
    expect((await fakeBrowser.storage.sync.get(searchKey('n1')))[searchKey('n1')]).toEqual(withoutAlert);
  });
});

describe('migration: the list today’s release writes becomes one item per search', () => {
  beforeEach(() => fakeBrowser.reset());

  /** Exactly what the release before items writes: one unversioned list, no version mark. */
  const TODAY = {
    savedSearches: [
      { id: '3f9a1c0d2b', text: 'diamond sword', sort: 'cheap', alertBelow: 120 },
      { id: '77e0b5a4c1', text: 'Elytra', sort: 'recent' },
      { id: '0a0a0a0a0a', text: 'oak log', sort: 'cheap', alertBelow: 0.5 },
    ],
  };

  it('copies each entry into its item, in the list’s order, with its alert, once', async () => {
    await fakeBrowser.storage.sync.set(structuredClone(TODAY));
    expect(await getSavedSearches()).toEqual([
      { id: '3f9a1c0d2b', text: 'diamond sword', sort: 'cheap', alertBelow: 120 },
      { id: '77e0b5a4c1', text: 'Elytra', sort: 'recent' },
      { id: '0a0a0a0a0a', text: 'oak log', sort: 'cheap', alertBelow: 0.5 },
    ]);
    const stored = await fakeBrowser.storage.sync.get(null);
    expect(stored[searchKey('3f9a1c0d2b')]).toEqual({
      v: SAVED_SEARCH_VERSION,
      text: 'diamond sword',
      sort: 'cheap',
      alertBelow: 120,
      addedAt: 0,
      fromList: true,
    });
    expect(stored[LEGACY_LIST_MARK_KEY]).toEqual({ v: LEGACY_LIST_MIGRATED });
    // The list stays for a browser still on today's release.
    expect(stored[LEGACY_LIST_KEY]).toEqual(TODAY.savedSearches);
    // Once: a search removed after the migration does not come back from the old list.
    await removeSearch('77e0b5a4c1');
    expect((await getSavedSearches()).map((search) => search.id)).toEqual(['3f9a1c0d2b', '0a0a0a0a0a']);
  });

  it('saves after the old searches, as the list had it', async () => {
    await fakeBrowser.storage.sync.set(structuredClone(TODAY));
    await saveSearch({ text: 'gold', sort: 'cheap' }, newId, Date.UTC(2026, 0, 1));
    expect((await getSavedSearches()).map((search) => search.text)).toEqual([
      'diamond sword',
      'Elytra',
      'oak log',
      'gold',
    ]);
  });

  it('copies entries it cannot read as they are, and never overwrites an item already there', () => {
    const existing = { [searchKey('a')]: { v: 1, text: 'kept', sort: 'cheap', addedAt: 99 } };
    expect(
      migrateSavedSearchList(
        [
          { id: 'a', text: 'old', sort: 'cheap' },
          { id: 'b', text: 'y', sort: 'sideways', tag: 'x' },
          { id: 'b', text: 'twice', sort: 'cheap' },
          { id: 'bad id!', text: 'z', sort: 'cheap' },
          'junk',
        ],
        existing,
      ),
    ).toEqual({
      [searchKey('b')]: { v: 1, text: 'y', sort: 'sideways', tag: 'x', addedAt: 1, fromList: true },
    });
    expect(migrateSavedSearchList({ not: 'a list' }, {})).toEqual({});
  });

  it('two browsers migrating the same list write the same items', () => {
    expect(migrateSavedSearchList(TODAY.savedSearches, {})).toEqual(
      migrateSavedSearchList(structuredClone(TODAY.savedSearches), {}),
    );
  });

  it('parses items, not lists', () => {
    expect(parseSavedSearches({ [searchKey('a')]: { text: 'x', sort: 'cheap' } })).toEqual([
      { id: 'a', text: 'x', sort: 'cheap' },
    ]);
  });
});

describe('saved search messages in other languages', () => {
  it('Brazilian Portuguese: the limit, the removed search and the empty one', async () => {
    await speak('pt_BR');
    expect(tooManySearchesMessage()).toMatch(/^Você já tem \d+ pesquisas salvas, o máximo possível\./);
    expect(SAVED_SEARCH_TEXT.removed).toBe('Esta pesquisa salva foi removida.');
    expect(await saveSearch({ text: '  ', sort: 'cheap' }, () => 'x')).toEqual({
      ok: false,
      message: 'Digite primeiro o que pesquisar e depois salve a pesquisa.',
    });
  });
});
