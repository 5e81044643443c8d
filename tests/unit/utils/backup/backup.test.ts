// Export and import (utils/backup/): the registry drives what a file carries; every hostile or
// broken file is refused with one sentence and nothing changes; Replace, Merge, the copy kept
// before an import and its restore; sync merges as docs/architecture.md says.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type SimulatedBrowser, type TwoBrowsers, twoBrowsers } from '@/tests/fixtures/two-browsers';
import {
  type BackupDeps,
  exportBackup,
  IMPORT_BACKUP_KEY,
  importBackup,
  restoreImportBackup,
} from '@/utils/backup/backup-apply';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  backedUpValues,
  countBackup,
  ITEM_RULES,
  ROW_RULES,
  readBackup,
} from '@/utils/backup/backup-file';
import { getGoals, setGoal } from '@/utils/goals/goal-store';
import { MAX_BACKUP_FILE_BYTES, MAX_WATCHED_PLAYERS } from '@/utils/limits';
import { getNotes, setNote } from '@/utils/player-notes/note-store';
import { saveSearch } from '@/utils/saved-searches/storage';
import { STORED_VALUES } from '@/utils/storage/data-registry';
import { addWatched, getWatched } from '@/utils/watchlist/watched';

const T = 1_700_000_000_000;
const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const HOSTILE_NOTE = '<img src=x onerror="alert(1)"><script>alert(2)</script>';

let browsers: TwoBrowsers;
beforeEach(() => {
  fakeBrowser.reset();
  browsers = twoBrowsers({ quotas: { MAX_WRITE_OPERATIONS_PER_MINUTE: Number.POSITIVE_INFINITY } });
});
afterEach(() => browsers.restore());

const rows: Record<string, unknown[]> = {};
const deps = (browser: SimulatedBrowser): BackupDeps => ({
  sync: browser.sync as unknown as BackupDeps['sync'],
  local: browser.local as unknown as BackupDeps['local'],
  history: {
    read: async (store) => rows[store] ?? [],
    write: async (store, added) => {
      rows[store] = [...(rows[store] ?? []), ...added];
    },
  },
  now: () => T,
  extensionVersion: '0.2.0',
});

async function someData(browser: SimulatedBrowser) {
  await browser.run(async () => {
    await addWatched({ uuid: uuidOf(1), name: 'Notch' }, T);
    await addWatched({ uuid: uuidOf(2), name: 'jeb_' }, T + 1);
    await saveSearch({ text: 'diamond', sort: 'cheap' }, undefined, T);
    await setNote(
      uuidOf(1),
      { name: 'Notch', tag: { label: 'friend', colour: 'green' }, note: HOSTILE_NOTE },
      T,
    );
    await setGoal(
      { uuid: uuidOf(1), name: 'Notch', stat: 'kills', kind: 'position', target: 10, start: 40 },
      T,
    );
  });
  browser.local.data.set('settings', { apiBaseUrl: 'https://demo.example', ownName: 'Steve' });
  browser.local.data.set('settings$', { v: 2 });
  browser.local.data.set('apiKey', 'secret-key');
  browser.local.data.set('recentPlayers', ['Notch']);
  browser.local.data.set('watchlistStatus', { anything: true });
}

const fileOf = (values: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    extension: '0.2.0',
    exportedAt: T,
    values,
    ...extra,
  });

describe('the file and the registry', () => {
  it('every registry value is either carried by a backup (with a schema to check it) or excluded with a reason', () => {
    const unhandled = STORED_VALUES.filter((value) => {
      if (value.backup === 'excluded') return !value.why;
      return value.area === 'indexeddb' ? !ROW_RULES[value.id] : !ITEM_RULES[value.id];
    });
    expect(unhandled.map((value) => value.id)).toEqual([]);
  });

  it('exports the included values, the history and look-ups when asked, the key only when ticked, never what is excluded', async () => {
    const { a } = browsers;
    await someData(a);
    rows.onlineHours = [{ start: T, rows: [{ time: T, count: 5 }] }];
    const plain = await exportBackup({ optional: false, secret: false }, deps(a));
    expect(plain).toMatchObject({ format: BACKUP_FORMAT, version: 1, extension: '0.2.0', exportedAt: T });
    expect(Object.keys(plain.values).sort()).toEqual([
      'goals',
      'playerNotes',
      'savedSearches',
      'settings',
      'watchedPlayers',
    ]);
    expect(plain.values.settings).toEqual({
      items: { settings: { apiBaseUrl: 'https://demo.example', ownName: 'Steve' }, settings$: { v: 2 } },
    });
    const all = await exportBackup({ optional: true, secret: true }, deps(a));
    expect(Object.keys(all.values).sort()).toEqual(
      [
        'apiKey',
        'goals',
        'listingsSeen',
        'onlineHistory',
        'playerHistory',
        'playerNotes',
        'priceHistory',
        'recentPlayers',
        'savedSearches',
        'settings',
        'watchedPlayers',
      ].sort(),
    );
    // Each value of the registry a backup carries is in the fullest export when this browser has one.
    const carried = backedUpValues().map((value) => value.id);
    for (const id of Object.keys(all.values)) expect(carried).toContain(id);
    expect(JSON.stringify(all)).not.toContain('watchlistStatus');
  });

  it('the preview counts what the file holds', async () => {
    const { a } = browsers;
    await someData(a);
    const file = readBackup(JSON.stringify(await exportBackup({ optional: false, secret: true }, deps(a))));
    if (!file.ok) throw new Error(file.message);
    expect(countBackup(file.file.values)).toEqual({
      watched: 2,
      searches: 1,
      notes: 1,
      settings: true,
      apiKey: true,
      historyRows: 0,
    });
  });
});

describe('hostile and broken files are refused with one sentence', () => {
  const watched = (count: number) => ({
    items: Object.fromEntries(
      Array.from({ length: count }, (_, n) => [`watch:${uuidOf(n)}`, { name: `P_${n}`, addedAt: T, v: 1 }]),
    ),
  });
  it.each([
    ['malformed JSON', '{"format": "network-companion-backup", ', 'it is not readable JSON'],
    ['another format', JSON.stringify({ format: 'ublock', version: 1 }), 'not a backup of this extension'],
    ['no format at all', '[1, 2, 3]', 'not a backup of this extension'],
    ['a newer version', fileOf({}, { version: BACKUP_VERSION + 1 }), 'made by a newer version'],
    [
      'a watched list past its limit',
      fileOf({ watchedPlayers: watched(MAX_WATCHED_PLAYERS + 1) }),
      'more than 200 players',
    ],
    [
      'a watched player with markup for a name',
      fileOf({ watchedPlayers: { items: { [`watch:${uuidOf(1)}`]: { name: '<b>x</b>', addedAt: T } } } }),
      'damaged or was edited',
    ],
    [
      'a key outside the value',
      fileOf({ watchedPlayers: { items: { apiKey: 'stolen' } } }),
      'damaged or was edited',
    ],
    [
      'a tag colour outside the palette',
      fileOf({
        playerNotes: {
          items: {
            [`note:${uuidOf(1)}`]: { tag: { label: 'x', colour: 'url(javascript:1)' }, updatedAt: T },
          },
        },
      }),
      'damaged or was edited',
    ],
    [
      'a note past its length',
      fileOf({ playerNotes: { items: { [`note:${uuidOf(1)}`]: { note: 'x'.repeat(501), updatedAt: T } } } }),
      'damaged or was edited',
    ],
    [
      'history rows of the wrong shape',
      fileOf({ onlineHistory: { rows: [{ start: 'yesterday' }] } }),
      'damaged or was edited',
    ],
  ])('%s', (_, text, sentence) => {
    const read = readBackup(text);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.message).toContain(sentence);
    if (!read.ok) expect(read.message).toContain('Nothing was changed.');
  });

  it('a file above the size limit, before it is parsed', () => {
    const read = readBackup(`${fileOf({})}${' '.repeat(MAX_BACKUP_FILE_BYTES)}`);
    expect(read).toEqual({
      ok: false,
      message: 'This file is too large to be a backup (more than 20 MB). Nothing was changed.',
    });
  });

  it('markup in a note is kept as the text it is (data, never markup)', () => {
    const read = readBackup(
      fileOf({ playerNotes: { items: { [`note:${uuidOf(1)}`]: { note: HOSTILE_NOTE, updatedAt: T } } } }),
    );
    expect(read.ok && read.file.values.playerNotes).toEqual({
      items: { [`note:${uuidOf(1)}`]: { note: HOSTILE_NOTE, updatedAt: T } },
    });
  });

  it('a value a newer release backs up at the same version is left unread, the rest imported', () => {
    const read = readBackup(fileOf({ reminders: { items: { 'reminder:1': { at: T } } } }));
    expect(read.ok && read.file.values).toEqual({});
  });
});

describe('import', () => {
  it('into a fresh profile, Replace: everything identical, the API key and local state aside', async () => {
    const { a, b } = browsers;
    await someData(a);
    const text = JSON.stringify(await exportBackup({ optional: true, secret: false }, deps(a)));
    const read = readBackup(text);
    if (!read.ok) throw new Error(read.message);
    expect(await importBackup(read.file, 'replace', deps(b))).toEqual({ ok: true });
    for (const key of ['settings', 'settings$', 'recentPlayers'])
      expect(b.local.data.get(key)).toEqual(a.local.data.get(key));
    expect(b.local.data.has('apiKey')).toBe(false);
    expect(b.local.data.has('watchlistStatus')).toBe(false);
    expect(await b.run(() => getWatched())).toEqual(await a.run(() => getWatched()));
    expect(await b.run(() => getNotes())).toEqual(await a.run(() => getNotes()));
    expect(await b.run(() => getGoals())).toEqual(await a.run(() => getGoals()));
    expect([...b.sync.data.entries()].sort()).toEqual([...a.sync.data.entries()].sort());
  });

  it('goals make the round trip, and a file with a broken goal is refused whole', async () => {
    const { a, b } = browsers;
    await someData(a);
    const file = await exportBackup({ optional: false, secret: false }, deps(a));
    expect(file.values.goals).toEqual({
      items: { [`goal:${uuidOf(1)}:kills`]: expect.objectContaining({ target: 10 }) },
    });
    const read = readBackup(JSON.stringify(file));
    if (!read.ok) throw new Error(read.message);
    expect(await importBackup(read.file, 'replace', deps(b))).toEqual({ ok: true });
    expect((await b.run(() => getGoals())).goals).toEqual((await a.run(() => getGoals())).goals);
    const broken = { ...file.values, goals: { items: { [`goal:${uuidOf(1)}:deaths`]: { target: 1 } } } };
    expect(readBackup(fileOf(broken)).ok).toBe(false);
  });

  it('Replace takes the file’s values in place of this browser’s, Merge adds to them', async () => {
    const { a, b } = browsers;
    await someData(a);
    const read = readBackup(JSON.stringify(await exportBackup({ optional: false, secret: false }, deps(a))));
    if (!read.ok) throw new Error(read.message);
    await b.run(async () => {
      await addWatched({ uuid: uuidOf(9), name: 'Dinnerbone' }, T);
      await setNote(uuidOf(1), { tag: null, note: 'newer here' }, T + 10);
      await setNote(uuidOf(9), { tag: null, note: 'only here' }, T);
    });
    await importBackup(read.file, 'merge', deps(b));
    expect((await b.run(() => getWatched())).map((p) => p.name).sort()).toEqual([
      'Dinnerbone',
      'Notch',
      'jeb_',
    ]);
    const merged = await b.run(() => getNotes());
    expect(merged[uuidOf(1)]?.note).toBe('newer here');
    expect(merged[uuidOf(9)]?.note).toBe('only here');
    await importBackup(read.file, 'replace', deps(b));
    expect((await b.run(() => getWatched())).map((p) => p.name).sort()).toEqual(['Notch', 'jeb_']);
    expect(Object.keys(await b.run(() => getNotes()))).toEqual([uuidOf(1)]);
  });

  it('Merge past the watched limit is refused and nothing changes', async () => {
    const { a, b } = browsers;
    await a.run(async () => {
      for (let n = 0; n < 150; n += 1) await addWatched({ uuid: uuidOf(n), name: `A_${n}` }, T + n);
    });
    await b.run(async () => {
      for (let n = 150; n < 250; n += 1) await addWatched({ uuid: uuidOf(n), name: `B_${n}` }, T + n);
    });
    const read = readBackup(JSON.stringify(await exportBackup({ optional: false, secret: false }, deps(a))));
    if (!read.ok) throw new Error(read.message);
    const before = [...b.sync.data.entries()];
    expect(await importBackup(read.file, 'merge', deps(b))).toEqual({
      ok: false,
      reason: 'too-many-watched',
    });
    expect([...b.sync.data.entries()]).toEqual(before);
    expect(b.local.data.has(IMPORT_BACKUP_KEY)).toBe(false);
  });

  it('keeps a copy of the data first, which Restore puts back', async () => {
    const { a, b } = browsers;
    await someData(b);
    const before = { sync: [...b.sync.data.entries()].sort(), apiKey: b.local.data.get('apiKey') };
    const read = readBackup(
      fileOf({
        watchedPlayers: { items: { [`watch:${uuidOf(7)}`]: { name: 'Other', addedAt: T, v: 1 } } },
        playerNotes: { items: {} },
      }),
    );
    if (!read.ok) throw new Error(read.message);
    await importBackup(read.file, 'replace', deps(b));
    expect((await b.run(() => getWatched())).map((p) => p.name)).toEqual(['Other']);
    expect(await b.run(() => getNotes())).toEqual({});
    expect(await restoreImportBackup(deps(b))).toBe(true);
    expect([...b.sync.data.entries()].sort()).toEqual(before.sync);
    expect(b.local.data.get('apiKey')).toBe(before.apiKey);
    void a;
  });

  it('copies the API key before an import only when the file carries one, and Restore puts the old one back', async () => {
    const { b } = browsers;
    await someData(b);
    const plain = readBackup(fileOf({}));
    if (!plain.ok) throw new Error(plain.message);
    await importBackup(plain.file, 'replace', deps(b));
    expect(JSON.stringify(b.local.data.get(IMPORT_BACKUP_KEY))).not.toContain('secret-key');
    expect(await restoreImportBackup(deps(b))).toBe(true);
    expect(b.local.data.get('apiKey')).toBe('secret-key');
    const keyed = readBackup(fileOf({ apiKey: { items: { apiKey: 'new-key' } } }));
    if (!keyed.ok) throw new Error(keyed.message);
    await importBackup(keyed.file, 'replace', deps(b));
    expect(b.local.data.get('apiKey')).toBe('new-key');
    expect(await restoreImportBackup(deps(b))).toBe(true);
    expect(b.local.data.get('apiKey')).toBe('secret-key');
  });

  it('an import in one browser reaches the other through sync, key by key', async () => {
    const { a, b, deliver } = browsers;
    await b.run(() => addWatched({ uuid: uuidOf(9), name: 'Dinnerbone' }, T));
    await deliver();
    const read = readBackup(
      fileOf({ watchedPlayers: { items: { [`watch:${uuidOf(7)}`]: { name: 'Other', addedAt: T, v: 1 } } } }),
    );
    if (!read.ok) throw new Error(read.message);
    await importBackup(read.file, 'merge', deps(a));
    await deliver();
    expect((await b.run(() => getWatched())).map((p) => p.name).sort()).toEqual(['Dinnerbone', 'Other']);
  });
});
