// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MAX_WATCHED_PLAYERS } from '@/utils/limits';
import {
  addWatched,
  getWatched,
  isWatched,
  removeWatched,
  WATCH_ITEM_VERSION,
  watchedIn,
  watchKey,
  watchlistFullMessage,
} from '@/utils/watchlist/watched';

const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

beforeEach(() => {
  fakeBrowser.reset();
});

describe('the watched players, in storage.sync', () => {
  it('one sync item per player, keyed by UUID (lower-case), oldest first', async () => {
    await addWatched({ uuid: uuidOf(2), name: 'jeb_' }, 2);
    await addWatched({ uuid: uuidOf(1).toUpperCase(), name: 'Notch' }, 1);
    expect(await fakeBrowser.storage.sync.get(watchKey(uuidOf(1)))).toEqual({
      [`watch:${uuidOf(1)}`]: { v: WATCH_ITEM_VERSION, name: 'Notch', addedAt: 1 },
    });
    expect((await getWatched()).map((player) => player.name)).toEqual(['Notch', 'jeb_']);
    expect(await isWatched(uuidOf(2))).toBe(true);
    expect(await isWatched(uuidOf(3))).toBe(false);
  });

  it('watching again keeps when they were added', async () => {
    await addWatched({ uuid: uuidOf(1), name: 'Notch' }, 1);
    await addWatched({ uuid: uuidOf(1), name: 'Notch' }, 50);
    expect(await getWatched()).toEqual([{ uuid: uuidOf(1), name: 'Notch', addedAt: 1 }]);
  });

  it(`at most ${MAX_WATCHED_PLAYERS}: the next is refused with a clear message, the list unchanged`, async () => {
    const items: Record<string, unknown> = {};
    for (let n = 0; n < MAX_WATCHED_PLAYERS; n += 1)
      items[watchKey(uuidOf(n))] = { name: `p${n}xx`, addedAt: n };
    await fakeBrowser.storage.sync.set(items);
    expect(await addWatched({ uuid: uuidOf(999), name: 'Late' }, 1000)).toEqual({
      ok: false,
      reason: 'full',
    });
    expect(await getWatched()).toHaveLength(MAX_WATCHED_PLAYERS);
    // Someone already watched can still be watched again (a rename), and unwatching frees a place.
    expect(await addWatched({ uuid: uuidOf(0), name: 'p0xx' }, 1000)).toEqual({ ok: true });
    await removeWatched(uuidOf(0));
    expect(await addWatched({ uuid: uuidOf(999), name: 'Late' }, 1000)).toEqual({ ok: true });
    expect(watchlistFullMessage()).toContain(`${MAX_WATCHED_PLAYERS} players`);
  });

  it('unreadable items (a bad UUID, a bad name, other keys) are left out', async () => {
    await fakeBrowser.storage.sync.set({
      'watch:not-a-uuid': { name: 'Notch', addedAt: 1 },
      [watchKey(uuidOf(1))]: { name: '<img src=x>', addedAt: 1 },
      [watchKey(uuidOf(2))]: 'junk',
      somethingElse: { name: 'Notch', addedAt: 1 },
      [watchKey(uuidOf(3))]: { name: 'Good_1', addedAt: 3 },
    });
    expect(await getWatched()).toEqual([{ uuid: uuidOf(3), name: 'Good_1', addedAt: 3 }]);
  });
});

describe('changes at once', () => {
  it(`two watches at ${MAX_WATCHED_PLAYERS - 1} players: one is taken, the other refused`, async () => {
    const items: Record<string, unknown> = {};
    for (let n = 0; n < MAX_WATCHED_PLAYERS - 1; n += 1)
      items[watchKey(uuidOf(n))] = { name: `p${n}xx`, addedAt: n };
    await fakeBrowser.storage.sync.set(items);
    const results = await Promise.all([
      addWatched({ uuid: uuidOf(900), name: 'First' }, 1000),
      addWatched({ uuid: uuidOf(901), name: 'Second' }, 1000),
    ]);
    expect(results).toEqual([{ ok: true }, { ok: false, reason: 'full' }]);
    expect(await getWatched()).toHaveLength(MAX_WATCHED_PLAYERS);
  });
});

describe('a newer release’s watch items', () => {
  it('keeps fields it does not know and the newer version mark when watching again', async () => {
    const newer = { v: 2, name: 'Notch', addedAt: 1, note: 'my friend', colour: 3 };
    await fakeBrowser.storage.sync.set({ [watchKey(uuidOf(1))]: newer });
    await addWatched({ uuid: uuidOf(1), name: 'Notch3' }, 50);
    expect((await fakeBrowser.storage.sync.get(watchKey(uuidOf(1))))[watchKey(uuidOf(1))]).toEqual({
      ...newer,
      name: 'Notch3',
    });
    expect(await getWatched()).toEqual([{ uuid: uuidOf(1), name: 'Notch3', addedAt: 1 }]);
  });

  it('an item it cannot read is never rewritten, and counts towards the limit', async () => {
    const unreadable = { v: 5, handle: { text: 'Notch' } };
    const items: Record<string, unknown> = { [watchKey(uuidOf(0))]: unreadable };
    for (let n = 1; n < MAX_WATCHED_PLAYERS; n += 1)
      items[watchKey(uuidOf(n))] = { name: `p${n}xx`, addedAt: n };
    await fakeBrowser.storage.sync.set(items);
    expect(await addWatched({ uuid: uuidOf(0), name: 'Notch' }, 1000)).toEqual({ ok: true });
    expect(await addWatched({ uuid: uuidOf(999), name: 'Late' }, 1000)).toEqual({
      ok: false,
      reason: 'full',
    });
    expect((await fakeBrowser.storage.sync.get(watchKey(uuidOf(0))))[watchKey(uuidOf(0))]).toEqual(
      unreadable,
    );
  });
});

describe('watchedIn: one test of watched?, for the background and the popup’s card', () => {
  const cases: Array<[string, unknown, boolean]> = [
    ['an item as addWatched writes it', { v: WATCH_ITEM_VERSION, name: 'Notch', addedAt: 1 }, true],
    ['an item from before versions', { name: 'Notch', addedAt: 1 }, true],
    [
      'a newer release’s item with fields this one does not know',
      { v: 2, name: 'Notch', addedAt: 1, colour: 3 },
      true,
    ],
    ['an item whose name no player can have', { name: '<img src=x>', addedAt: 1 }, false],
    ['an item without its time', { name: 'Notch' }, false],
    ['an item it cannot read', { v: 5, handle: { text: 'Notch' } }, false],
    ['junk', 'junk', false],
    ['no item', undefined, false],
  ];

  it.each(cases)(
    '%s: the card’s sync read (watchedIn) and isWatched say the same',
    async (_, item, watched) => {
      const items = item === undefined ? {} : { [watchKey(uuidOf(1))]: item };
      await fakeBrowser.storage.sync.set(items);
      // The popup's card tests the whole sync area it read; the background reads the one key.
      expect(watchedIn(await fakeBrowser.storage.sync.get(null), uuidOf(1))).toBe(watched);
      expect(watchedIn(await fakeBrowser.storage.sync.get(null), uuidOf(1).toUpperCase())).toBe(watched);
      expect(await isWatched(uuidOf(1))).toBe(watched);
    },
  );
});
