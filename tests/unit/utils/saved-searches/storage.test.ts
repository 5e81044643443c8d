import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MAX_SAVED_SEARCHES } from '../../../../utils/limits';
import {
  getSavedSearches,
  parseSavedSearches,
  removeSearch,
  SAVED_SEARCH_MESSAGES,
  saveSearch,
  setSearchAlert,
  shortId,
  tooManySearchesMessage,
} from '../../../../utils/saved-searches/storage';
import { speak } from '../../../fixtures/catalogues';

let next = 0;
const newId = () => `s${++next}`;

describe('saved searches in storage.sync', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    next = 0;
  });

  it('saves text and sort in storage.sync, once per search', async () => {
    const first = await saveSearch({ text: '  diamond ', sort: 'cheap' }, newId);
    expect(first).toEqual({ ok: true, added: true, search: { id: 's1', text: 'diamond', sort: 'cheap' } });
    const again = await saveSearch({ text: 'DIAMOND', sort: 'cheap' }, newId);
    expect(again).toMatchObject({ ok: true, added: false, search: { id: 's1' } });
    await saveSearch({ text: 'diamond', sort: 'recent' }, newId);
    expect(await getSavedSearches()).toHaveLength(2);
    expect(await fakeBrowser.storage.sync.get('savedSearches')).toMatchObject({
      savedSearches: [{ id: 's1' }, { id: 's2' }],
    });
  });

  it('says so when storage.sync has no room left, and keeps what was there', async () => {
    await saveSearch({ text: 'a', sort: 'cheap' }, newId);
    vi.spyOn(fakeBrowser.storage.sync, 'set').mockRejectedValueOnce(
      new Error('QUOTA_BYTES_PER_ITEM quota exceeded'),
    );
    expect(await saveSearch({ text: 'b', sort: 'cheap' }, newId)).toEqual({
      ok: false,
      message: SAVED_SEARCH_MESSAGES.noRoom,
    });
    expect((await getSavedSearches()).map((search) => search.text)).toEqual(['a']);
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
      message: SAVED_SEARCH_MESSAGES.empty,
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

  it('sets, changes and clears an alert', async () => {
    await saveSearch({ text: 'diamond', sort: 'cheap' }, newId);
    expect(await setSearchAlert('s1', 12.5)).toMatchObject({ alertBelow: 12.5 });
    expect((await getSavedSearches())[0]?.alertBelow).toBe(12.5);
    const cleared = await setSearchAlert('s1', null);
    expect(cleared).toEqual({ id: 's1', text: 'diamond', sort: 'cheap' });
    expect(await setSearchAlert('gone', 3)).toBeUndefined();
  });

  it('removes one', async () => {
    await saveSearch({ text: 'a', sort: 'cheap' }, newId);
    await saveSearch({ text: 'b', sort: 'cheap' }, newId);
    expect(await removeSearch('s1')).toBe(true);
    expect(await removeSearch('s1')).toBe(false);
    expect((await getSavedSearches()).map((search) => search.id)).toEqual(['s2']);
  });

  it('drops unreadable or duplicate entries, keeping the rest', () => {
    expect(
      parseSavedSearches([
        { id: 'a', text: 'x', sort: 'cheap' },
        { id: 'b', text: 'y', sort: 'sideways' },
        { id: 'a', text: 'z', sort: 'cheap' },
        { id: 'c', text: 'w', sort: 'recent', alertBelow: -1 },
        'junk',
        { id: 'd', text: 'v', sort: 'recent', alertBelow: 3 },
      ]).map((search) => search.id),
    ).toEqual(['a', 'd']);
    expect(parseSavedSearches({ not: 'a list' })).toEqual([]);
  });
});

describe('saved search messages in other languages', () => {
  it('Brazilian Portuguese: the limit, the removed search and the empty one', async () => {
    await speak('pt_BR');
    expect(tooManySearchesMessage()).toMatch(/^Você já tem \d+ pesquisas salvas, o máximo possível\./);
    expect(SAVED_SEARCH_MESSAGES.removed).toBe('Esta pesquisa salva foi removida.');
    expect(await saveSearch({ text: '  ', sort: 'cheap' }, () => 'x')).toEqual({
      ok: false,
      message: 'Digite primeiro o que pesquisar e depois salve a pesquisa.',
    });
  });
});
