// Tags and notes on players: one synced item per player, merged as every synced entry, and kept
// in this browser when sync has no room for them (docs/architecture.md, "Tags and notes").
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type TwoBrowsers, twoBrowsers } from '@/tests/fixtures/two-browsers';
import { MAX_SYNCED_NOTES, NOTE_MAX_LENGTH } from '@/utils/limits';
import { getNote, getNotes, NOTE_ITEM_VERSION, noteKey, setNote } from '@/utils/player-notes/note-store';
import { parsePlayerNote } from '@/utils/player-notes/player-note';

const T = 1_700_000_000_000;
const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const FRIEND = { label: 'friend', colour: 'green' } as const;

let browsers: TwoBrowsers;
beforeEach(() => {
  fakeBrowser.reset();
  browsers = twoBrowsers();
});
afterEach(() => browsers.restore());

describe('a player note', () => {
  it('is one sync item per player, versioned, with its tag and note', async () => {
    const { a } = browsers;
    expect(await a.run(() => setNote(uuidOf(1), { tag: FRIEND, note: ' trades fair ' }, T))).toBe('sync');
    expect(a.sync.data.get(noteKey(uuidOf(1)))).toEqual({
      tag: FRIEND,
      note: 'trades fair',
      updatedAt: T,
      v: NOTE_ITEM_VERSION,
    });
    expect(await a.run(() => getNote(uuidOf(1)))).toEqual({ tag: FRIEND, note: 'trades fair', updatedAt: T });
  });

  it('an empty tag and note forget the player', async () => {
    const { a } = browsers;
    await a.run(() => setNote(uuidOf(1), { tag: FRIEND, note: 'x' }, T));
    expect(
      await a.run(() => setNote(uuidOf(1), { tag: { label: '  ', colour: 'red' }, note: '' }, T + 1)),
    ).toBe('removed');
    expect(a.sync.data.size).toBe(0);
    expect(await a.run(() => getNotes())).toEqual({});
  });

  it('markup in a note is kept as the text it is', async () => {
    const { a } = browsers;
    const note = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    await a.run(() => setNote(uuidOf(1), { tag: null, note }, T));
    expect((await a.run(() => getNote(uuidOf(1))))?.note).toBe(note);
  });

  it('a note past its length is refused and nothing is written', async () => {
    const { a } = browsers;
    await expect(
      a.run(() => setNote(uuidOf(1), { tag: null, note: 'x'.repeat(NOTE_MAX_LENGTH + 1) }, T)),
    ).rejects.toThrow();
    expect(a.sync.data.size).toBe(0);
  });

  it('fields a newer release added survive an edit, and its version', async () => {
    const { a } = browsers;
    a.sync.data.set(noteKey(uuidOf(1)), { note: 'old', updatedAt: T, v: 3, pinned: true });
    await a.run(() => setNote(uuidOf(1), { tag: FRIEND, note: 'new' }, T + 1));
    expect(a.sync.data.get(noteKey(uuidOf(1)))).toEqual({
      tag: FRIEND,
      note: 'new',
      updatedAt: T + 1,
      v: 3,
      pinned: true,
    });
  });
});

describe('notes in two browsers', () => {
  it('notes on different players in each browser at once: both keep both', async () => {
    const { a, b, deliver } = browsers;
    await a.run(() => setNote(uuidOf(1), { tag: FRIEND, note: '' }, T));
    await b.run(() => setNote(uuidOf(2), { tag: null, note: 'scammer' }, T));
    await deliver();
    for (const browser of [a, b])
      expect(Object.keys(await browser.run(() => getNotes())).sort()).toEqual([uuidOf(1), uuidOf(2)]);
  });

  it('the same player edited in both: the later edit wins, whole', async () => {
    const { a, b, deliver } = browsers;
    await a.run(() => setNote(uuidOf(1), { tag: FRIEND, note: 'from a' }, T));
    await b.run(() => setNote(uuidOf(1), { tag: null, note: 'from b' }, T + 1));
    await deliver();
    for (const browser of [a, b])
      expect(await browser.run(() => getNote(uuidOf(1)))).toEqual({ note: 'from b', updatedAt: T + 1 });
  });

  it('a note removed in one browser is removed in the other', async () => {
    const { a, b, deliver } = browsers;
    await a.run(() => setNote(uuidOf(1), { tag: FRIEND, note: '' }, T));
    await deliver();
    await b.run(() => setNote(uuidOf(1), { tag: null, note: '' }, T + 1));
    await deliver();
    expect(await a.run(() => getNotes())).toEqual({});
  });
});

describe('past the notes’ share of sync', () => {
  it(`a note past the ${MAX_SYNCED_NOTES} synced stays in this browser, nothing dropped`, async () => {
    browsers.restore();
    // The notes are written at once; the write rate is tested apart.
    browsers = twoBrowsers({ quotas: { MAX_WRITE_OPERATIONS_PER_MINUTE: Number.POSITIVE_INFINITY } });
    const { a, b, deliver } = browsers;
    for (let n = 0; n < MAX_SYNCED_NOTES; n += 1)
      expect(await a.run(() => setNote(uuidOf(n), { tag: FRIEND, note: '' }, T + n))).toBe('sync');
    expect(await a.run(() => setNote(uuidOf(MAX_SYNCED_NOTES), { tag: FRIEND, note: 'x' }, T))).toBe('local');
    const notes = await a.run(() => getNotes());
    expect(Object.keys(notes)).toHaveLength(MAX_SYNCED_NOTES + 1);
    expect(notes[uuidOf(MAX_SYNCED_NOTES)]?.localOnly).toBe(true);
    await deliver();
    expect(Object.keys(await b.run(() => getNotes()))).toHaveLength(MAX_SYNCED_NOTES);
  });

  it('a write sync refuses for its quota goes to this browser instead', async () => {
    browsers.restore();
    browsers = twoBrowsers({ quotas: { MAX_ITEMS: 1 } });
    const { a } = browsers;
    await a.run(() => setNote(uuidOf(1), { tag: FRIEND, note: '' }, T));
    expect(await a.run(() => setNote(uuidOf(2), { tag: FRIEND, note: '' }, T))).toBe('local');
    expect(a.local.data.get(noteKey(uuidOf(2)))).toMatchObject({ tag: FRIEND });
    expect(Object.keys(await a.run(() => getNotes()))).toHaveLength(2);
  });

  it('once sync has room again, the next edit moves the note back to sync', async () => {
    browsers.restore();
    browsers = twoBrowsers({ quotas: { MAX_ITEMS: 1 } });
    const { a } = browsers;
    await a.run(() => setNote(uuidOf(1), { tag: FRIEND, note: '' }, T));
    await a.run(() => setNote(uuidOf(2), { tag: FRIEND, note: '' }, T));
    await a.run(() => setNote(uuidOf(1), { tag: null, note: '' }, T + 1));
    expect(await a.run(() => setNote(uuidOf(2), { tag: FRIEND, note: 'back' }, T + 2))).toBe('sync');
    expect(a.local.data.has(noteKey(uuidOf(2)))).toBe(false);
  });
});

describe('the hand check the hover card uses', () => {
  it('reads a note and refuses anything else', () => {
    expect(parsePlayerNote({ tag: FRIEND, note: 'x', updatedAt: T })).toEqual({
      tag: FRIEND,
      note: 'x',
      updatedAt: T,
    });
    // A colour outside the palette would name a CSS class: that tag is left out, the note kept.
    const evil = parsePlayerNote({ tag: { label: 'x', colour: 'url(evil)' }, note: 'kept', updatedAt: T });
    expect(evil?.tag).toBeUndefined();
    expect(evil?.note).toBe('kept');
    expect(parsePlayerNote({ note: 5, updatedAt: T })?.note).toBeUndefined();
    expect(parsePlayerNote(null)).toBeUndefined();
  });
});
