import { z } from 'zod/mini';
import { type AuctionSort, AuctionSortSchema } from '../api/schemas';
import { messageTable, t } from '../i18n/translate';
import { MAX_SAVED_SEARCHES } from '../limits';
import { asObject, mergeEntry, quotaOf, syncArea } from '../storage/synced-entry';
import {
  AlertPriceSchema,
  type SavedSearch,
  SavedSearchIdSchema,
  SavedSearchSchema,
  sameSearch,
} from './saved-search';

/**
 * The saved searches, in storage.sync (they follow the user to their other browsers): one item
 * per search, `search:<id>`, so that sync, which settles conflicts key by key with the last
 * writer winning, merges two browsers' edits instead of one list overwriting the other. Each
 * item carries its schema version `v`; an item or a field this release cannot read is kept as
 * stored (utils/storage/synced-entry.ts). Listed oldest first, at most MAX_SAVED_SEARCHES.
 *
 * Releases before items kept one list under `savedSearches`; it is copied into items once
 * (migrateSavedSearchList) before anything is read.
 */

export const SEARCH_KEY_PREFIX = 'search:';
/** The item format's version; 1 is the first one with items. */
export const SAVED_SEARCH_VERSION = 1;
/** Where releases before items kept the whole list, and the mark that it was copied into items. */
export const LEGACY_LIST_KEY = 'savedSearches';
export const LEGACY_LIST_MARK_KEY = `${LEGACY_LIST_KEY}$`;
/** The version mark (utils/storage-item.ts's `name$ { v }`) once the list was copied into items. */
export const LEGACY_LIST_MIGRATED = 2;

/** The fields this release reads from an item; others are kept (a loose parse). */
export const SavedSearchItemSchema = z.looseObject({
  text: SavedSearchSchema.shape.text,
  sort: AuctionSortSchema,
  /** Order in the list: when it was saved (searches copied from the old list: their position). */
  addedAt: z.catch(z.number(), 0),
  alertBelow: z.optional(AlertPriceSchema),
  alertRev: SavedSearchSchema.shape.alertRev,
});

export function searchKey(id: string): string {
  return `${SEARCH_KEY_PREFIX}${id}`;
}

/** A key of a saved search's item (or of the list releases before items kept). */
export function isSavedSearchKey(key: string): boolean {
  return key === LEGACY_LIST_KEY || idOf(key) !== undefined;
}

function idOf(key: string): string | undefined {
  if (!key.startsWith(SEARCH_KEY_PREFIX)) return undefined;
  const id = key.slice(SEARCH_KEY_PREFIX.length);
  return SavedSearchIdSchema.safeParse(id).success ? id : undefined;
}

/** The stored items → the searches this release can read, oldest first; the others stay stored, unlisted. */
export function parseSavedSearches(items: Record<string, unknown>): SavedSearch[] {
  const found: (SavedSearch & { addedAt: number })[] = [];
  for (const [key, value] of Object.entries(items)) {
    const id = idOf(key);
    const parsed = SavedSearchItemSchema.safeParse(value);
    if (id === undefined || !parsed.success) continue;
    const { text, sort, addedAt, alertBelow, alertRev } = parsed.data;
    found.push({
      id,
      text,
      sort,
      addedAt,
      ...(alertBelow === undefined ? {} : { alertBelow }),
      ...(alertRev === undefined ? {} : { alertRev }),
    });
  }
  found.sort((a, b) => a.addedAt - b.addedAt || a.id.localeCompare(b.id));
  return found.slice(0, MAX_SAVED_SEARCHES).map(({ addedAt: _, ...search }) => search);
}

/** When each readable search was saved. */
function addedTimes(items: Record<string, unknown>): number[] {
  return Object.entries(items).flatMap(([key, value]) => {
    const parsed = SavedSearchItemSchema.safeParse(value);
    return idOf(key) !== undefined && parsed.success ? [parsed.data.addedAt] : [];
  });
}

/** Items under `search:` (readable or not: each takes its room in sync). */
function storedCount(items: Record<string, unknown>): number {
  return Object.keys(items).filter((key) => idOf(key) !== undefined).length;
}

/**
 * Migration to items (LEGACY_LIST_MIGRATED): the list written by releases before items, as they
 * wrote it (`[{ id, text, sort, alertBelow? }]`), becomes one item per entry, in its order. Runs
 * once per sync account (the mark is synced); the same list gives the same items in every
 * browser, so two browsers migrating at once agree. An item already there is not overwritten.
 * The old list stays: a browser still on an older release keeps reading it.
 */
export function migrateSavedSearchList(
  list: unknown,
  existing: Record<string, unknown>,
): Record<string, Record<string, unknown>> {
  if (!Array.isArray(list)) return {};
  const items: Record<string, Record<string, unknown>> = {};
  list.forEach((entry, index) => {
    const object = asObject(entry);
    const id = object?.id;
    if (!object || typeof id !== 'string') return;
    const key = searchKey(id);
    if (idOf(key) === undefined || key in existing || key in items) return;
    const { id: _, ...fields } = object;
    // Entries the old release could not read are copied as they are: kept, not lost.
    items[key] = mergeEntry(fields, { addedAt: index }, SAVED_SEARCH_VERSION);
  });
  return items;
}

/** Everything in sync, after the migration to items has run. */
async function readAll(): Promise<Record<string, unknown>> {
  const area = syncArea();
  const all = await area.get(null);
  const mark = asObject(all[LEGACY_LIST_MARK_KEY])?.v;
  if (all[LEGACY_LIST_KEY] === undefined || (typeof mark === 'number' && mark >= LEGACY_LIST_MIGRATED))
    return all;
  const items = migrateSavedSearchList(all[LEGACY_LIST_KEY], all);
  await area.set({ ...items, [LEGACY_LIST_MARK_KEY]: { v: LEGACY_LIST_MIGRATED } });
  return { ...all, ...items };
}

export async function getSavedSearches(): Promise<SavedSearch[]> {
  return parseSavedSearches(await readAll());
}

/** Calls back with the searches whenever one of them changes (here or through sync). */
export function watchSavedSearches(callback: (searches: SavedSearch[]) => void): () => void {
  const { onChanged } = syncArea();
  const listener = (changes: Record<string, unknown>) => {
    if (Object.keys(changes).some(isSavedSearchKey)) void getSavedSearches().then(callback);
  };
  onChanged.addListener(listener);
  return () => onChanged.removeListener(listener);
}

/** At MAX_SAVED_SEARCHES: in the UI language, as every message here. */
export function tooManySearchesMessage(): string {
  return t('common.savedSearches.tooMany', { max: MAX_SAVED_SEARCHES });
}

export const SAVED_SEARCH_TEXT = messageTable({
  removed: 'common.savedSearches.removed',
  empty: 'common.savedSearches.empty',
  /** storage.sync is full (100 kB, 512 items, 8 kB per item): nothing of this change was written. */
  noRoom: 'common.savedSearches.noRoom',
  /** storage.sync takes at most 120 writes a minute (1,800 an hour). */
  tooFast: 'common.savedSearches.tooFast',
});

/** What to tell the user when sync refused a write; undefined: not a quota, the error stands. */
export function refusedMessage(error: unknown): string | undefined {
  const quota = quotaOf(error);
  return quota && SAVED_SEARCH_TEXT[quota === 'rate' ? 'tooFast' : 'noRoom'];
}

/** A short random id: it is part of every item's key, so every byte counts. */
export function shortId(): string {
  return crypto.randomUUID().replaceAll('-', '').slice(0, 10);
}

export type SaveResult = { ok: true; search: SavedSearch; added: boolean } | { ok: false; message: string };

/** Saves a search; the same text and sort saved before is returned as it is (not added twice). */
export async function saveSearch(
  request: { text: string; sort: AuctionSort },
  newId: () => string = shortId,
  now: number = Date.now(),
): Promise<SaveResult> {
  const text = request.text.trim();
  if (text === '') return { ok: false, message: SAVED_SEARCH_TEXT.empty };
  const all = await readAll();
  const searches = parseSavedSearches(all);
  const existing = searches.find((search) => sameSearch(search, { text, sort: request.sort }));
  if (existing) return { ok: true, search: existing, added: false };
  if (storedCount(all) >= MAX_SAVED_SEARCHES) return { ok: false, message: tooManySearchesMessage() };
  let id = newId();
  while (searchKey(id) in all) id = newId();
  const search = SavedSearchSchema.parse({ id, text, sort: request.sort });
  // After every search listed here, even when saved in the same millisecond: the list keeps its order.
  const addedAt = Math.max(now, ...addedTimes(all).map((time) => time + 1));
  try {
    await syncArea().set({
      [searchKey(id)]: mergeEntry({}, { text, sort: search.sort, addedAt }, SAVED_SEARCH_VERSION),
    });
  } catch (error) {
    // Refused by a sync quota: nothing was written, and nothing else changed.
    const message = refusedMessage(error);
    if (message === undefined) throw error;
    return { ok: false, message };
  }
  return { ok: true, search, added: true };
}

/** Removes a search; resolves whether it was there. */
export async function removeSearch(id: string): Promise<boolean> {
  const key = searchKey(id);
  const stored = (await syncArea().get(key))[key];
  if (stored === undefined) return false;
  await syncArea().remove(key);
  return true;
}

/**
 * Sets (a price) or clears (null) a search's alert, with a new alertRev each time it is set;
 * resolves the search, or undefined when it is gone. The item's other fields are kept as stored.
 * Throws what sync throws (a quota): the item is then unchanged.
 */
export async function setSearchAlert(
  id: string,
  alertBelow: number | null,
  newRev: () => string = shortId,
): Promise<SavedSearch | undefined> {
  const key = searchKey(id);
  const stored = (await syncArea().get(key))[key];
  const found = parseSavedSearches({ [key]: stored })[0];
  if (!found) return undefined;
  const changes =
    alertBelow === null ? { alertBelow: undefined, alertRev: undefined } : { alertBelow, alertRev: newRev() };
  await syncArea().set({ [key]: mergeEntry(stored, changes, SAVED_SEARCH_VERSION) });
  const { alertBelow: _, alertRev: __, ...rest } = found;
  return alertBelow === null ? rest : { ...rest, alertBelow, alertRev: changes.alertRev as string };
}
