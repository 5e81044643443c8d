// The storage.sync arithmetic of docs/architecture.md ("Synced data"), measured on the item
// formats themselves: a full profile stays within half of sync's quotas, and costs no writes
// while nothing changes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createWatchObserver } from '@/entrypoints/background/watchlist/observer';
import { makePlayer } from '@/tests/fixtures/players';
import { CHROME_SYNC_QUOTAS, type TwoBrowsers, twoBrowsers } from '@/tests/fixtures/two-browsers';
import { type BackupDeps, importBackup } from '@/utils/backup/backup-apply';
import { BACKUP_FORMAT, BACKUP_VERSION, readBackup } from '@/utils/backup/backup-file';
import { markGoalReached, setGoal } from '@/utils/goals/goal-store';
import {
  AUCTION_QUERY_MAX_LENGTH,
  MAX_GOALS,
  MAX_SAVED_SEARCHES,
  MAX_SYNCED_NOTES,
  MAX_WATCHED_PLAYERS,
  NOTE_MAX_LENGTH,
  SYNCED_NOTES_MAX_BYTES,
  TAG_LABEL_MAX_LENGTH,
} from '@/utils/limits';
import { getNotes, setNote } from '@/utils/player-notes/note-store';
import { getSavedSearches, saveSearch, setSearchAlert } from '@/utils/saved-searches/storage';
import { addWatched, getWatched } from '@/utils/watchlist/watched';

const NOW = Date.UTC(2026, 10, 27, 12);
const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

let browsers: TwoBrowsers;
beforeEach(() => {
  fakeBrowser.reset();
  // The profile is built at once; the write rate is measured apart.
  browsers = twoBrowsers({ quotas: { MAX_WRITE_OPERATIONS_PER_MINUTE: Number.POSITIVE_INFINITY } });
});
afterEach(() => browsers.restore());

/** The largest profile: every name 16 characters, every search 100 (3-byte UTF-8 characters), every alert set. */
async function fullProfile() {
  for (let n = 0; n < MAX_WATCHED_PLAYERS; n += 1)
    await addWatched({ uuid: uuidOf(n), name: `Player_${String(n).padStart(9, '0')}` }, NOW + n);
  for (let n = 0; n < MAX_SAVED_SEARCHES; n += 1) {
    const text = `${n}`.padEnd(AUCTION_QUERY_MAX_LENGTH, '€');
    const saved = await saveSearch({ text, sort: 'cheap' }, undefined, NOW + n);
    if (!saved.ok) throw new Error(saved.message);
    await setSearchAlert(saved.search.id, 12_345.678_901_234_567);
  }
}

describe('storage.sync at the largest profile', () => {
  it(`${MAX_WATCHED_PLAYERS} watched players and ${MAX_SAVED_SEARCHES} saved searches with alerts take at most half of the quotas`, async () => {
    const { a } = browsers;
    await a.run(fullProfile);
    const bytes = await a.sync.getBytesInUse(null);
    const items = a.sync.data.size;
    expect(items).toBe(MAX_WATCHED_PLAYERS + MAX_SAVED_SEARCHES);
    expect(bytes).toBeLessThanOrEqual(CHROME_SYNC_QUOTAS.QUOTA_BYTES / 2);
    expect(items).toBeLessThanOrEqual(CHROME_SYNC_QUOTAS.MAX_ITEMS / 2);
    const watchBytes = await a.sync.getBytesInUse(
      [...a.sync.data.keys()].filter((key) => key.startsWith('watch:')),
    );
    // The figures docs/architecture.md quotes.
    expect({ bytes, watchBytes, searchBytes: bytes - watchBytes }).toEqual({
      bytes: 41_070,
      watchBytes: 19_800,
      searchBytes: 21_270,
    });
  });

  it('nothing changing writes nothing: reads, and answers about watched players, cost no sync write', async () => {
    const { a } = browsers;
    await a.run(fullProfile);
    let writes = 0;
    a.sync.onChanged.addListener(() => {
      writes += 1;
    });
    const observer = createWatchObserver({ now: () => NOW });
    await a.run(async () => {
      await getWatched();
      await getSavedSearches();
      // A renamed player seen by a check: the new name stays in this browser.
      await observer.observe(makePlayer({ uuid: uuidOf(3), name: 'New_Name_3', online: true }));
    });
    expect(writes).toBe(0);
  });
});

describe('tags and notes on top of the largest profile', () => {
  it('1,000 tagged players: the notes’ share is synced, the rest stays in this browser, sync stays within its quotas', async () => {
    const { a } = browsers;
    await a.run(fullProfile);
    const before = { bytes: await a.sync.getBytesInUse(null), items: a.sync.data.size };
    const tag = { label: 'x'.repeat(TAG_LABEL_MAX_LENGTH), colour: 'purple' } as const;
    // A thousand tags arrive at once by an import (one edit at a time goes the same way: the
    // note-store test); then one more, edited here.
    const items = Object.fromEntries(
      Array.from({ length: 999 }, (_, n) => [`note:${uuidOf(n)}`, { tag, updatedAt: NOW + n, v: 1 }]),
    );
    const file = readBackup(
      JSON.stringify({
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        extension: '0',
        exportedAt: NOW,
        values: { playerNotes: { items } },
      }),
    );
    if (!file.ok) throw new Error(file.message);
    const deps = {
      sync: a.sync,
      local: a.local,
      now: () => NOW,
      extensionVersion: '0',
    } as unknown as BackupDeps;
    expect(await importBackup(file.file, 'merge', deps)).toEqual({ ok: true });
    expect(await a.run(() => setNote(uuidOf(999), { tag, note: '' }, NOW + 999))).toBe('local');
    const notes = await a.run(() => getNotes());
    expect(Object.keys(notes)).toHaveLength(1000);
    expect(Object.values(notes).filter((note) => note.localOnly)).toHaveLength(1000 - MAX_SYNCED_NOTES);
    const bytes = await a.sync.getBytesInUse(null);
    const syncItems = a.sync.data.size;
    expect(syncItems).toBeLessThan(CHROME_SYNC_QUOTAS.MAX_ITEMS);
    expect(bytes).toBeLessThan(CHROME_SYNC_QUOTAS.QUOTA_BYTES);
    // The figures docs/architecture.md quotes: a tag of the longest label costs 135 bytes.
    expect({
      noteItems: syncItems - before.items,
      noteBytes: bytes - before.bytes,
      items: syncItems,
      bytes,
    }).toEqual({
      noteItems: 200,
      noteBytes: 27_000,
      items: 450,
      bytes: 68_070,
    });
  });

  it(`${MAX_GOALS} goals of the largest shape fit beside the largest profile and the notes' whole share`, async () => {
    const { a } = browsers;
    await a.run(fullProfile);
    const before = { bytes: await a.sync.getBytesInUse(null), items: a.sync.data.size };
    for (let n = 0; n < MAX_GOALS; n += 1) {
      const uuid = uuidOf(n);
      const goal = {
        uuid,
        name: `Player_${String(n).padStart(9, '0')}`,
        kind: 'value',
        target: 1e15,
      } as const;
      expect(await a.run(() => setGoal({ ...goal, stat: 'playtime', start: 123_456_789.12 }, NOW + n))).toBe(
        'saved',
      );
      await a.run(() => markGoalReached(uuid, 'playtime', NOW + n + 1));
    }
    const goalItems = a.sync.data.size - before.items;
    const goalBytes = (await a.sync.getBytesInUse(null)) - before.bytes;
    // The figures docs/architecture.md quotes ("Goals"): 237 bytes a goal.
    expect({ goalItems, goalBytes }).toEqual({ goalItems: MAX_GOALS, goalBytes: 5_925 });
    expect(a.sync.data.size + MAX_SYNCED_NOTES).toBeLessThan(CHROME_SYNC_QUOTAS.MAX_ITEMS);
    expect((await a.sync.getBytesInUse(null)) + SYNCED_NOTES_MAX_BYTES).toBeLessThan(
      CHROME_SYNC_QUOTAS.QUOTA_BYTES,
    );
  });

  it('notes of the longest length stop at the notes’ bytes, not the items', async () => {
    const { a } = browsers;
    await a.run(fullProfile);
    const saved: Record<string, number> = {};
    await a.run(async () => {
      for (let n = 0; n < 100; n += 1) {
        const where = await setNote(uuidOf(n), { tag: null, note: '€'.repeat(NOTE_MAX_LENGTH) }, NOW + n);
        saved[where] = (saved[where] ?? 0) + 1;
      }
    });
    expect(await a.sync.getBytesInUse(null)).toBeLessThan(CHROME_SYNC_QUOTAS.QUOTA_BYTES);
    expect(saved).toEqual({ sync: 25, local: 75 });
  });
});
