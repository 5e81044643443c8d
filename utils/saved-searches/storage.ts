import { z } from 'zod/mini';
import { type AuctionSort, AuctionSortSchema } from '../api/schemas';
import { messageTable, t } from '../i18n/translate';
import { MAX_SAVED_SEARCHES } from '../limits';
import { asObject, mergeEntry, quotaOf, syncArea } from '../storage/synced-entry';
import { defineItem } from '../storage-item';
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
/**
 * A watched seller's item (`{ seller, sort, addedAt }`, no `text`): a release before seller watch
 * cannot read it, so it keeps it stored, counted and untouched (never listed as a plain search on
 * the name, which its merge of duplicates could then remove).
 */
export const SELLER_WATCH_VERSION = 2;
/** Where releases before items kept the whole list, and the mark that it was copied into items. */
export const LEGACY_LIST_KEY = 'savedSearches';
export const LEGACY_LIST_MARK_KEY = `${LEGACY_LIST_KEY}$`;
/** The version mark (utils/storage-item.ts's `name$ { v }`) once the list was copied into items. */
export const LEGACY_LIST_MIGRATED = 2;

/** The fields this release reads from an item; others are kept (a loose parse). */
export const SavedSearchItemSchema = z
  .looseObject({
    /** Absent on a watched seller's item: its text is the seller's name. */
    text: z.optional(SavedSearchSchema.shape.text),
    seller: SavedSearchSchema.shape.seller,
    sort: AuctionSortSchema,
    /** Order in the list: when it was saved (searches copied from the old list: their position). */
    addedAt: z.catch(z.number(), 0),
    alertBelow: z.optional(AlertPriceSchema),
    alertRev: SavedSearchSchema.shape.alertRev,
  })
  .check(z.refine((item) => item.text !== undefined || item.seller !== undefined));

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

/**
 * The stored items → the searches this release can read, oldest first; the others stay stored,
 * unlisted. The same search saved in two browsers before sync met is two items: listed once, as
 * the oldest (then the smaller id: every browser picks the same), with the alert of the first
 * that has one (mergeDuplicateSearches then makes it one item).
 */
export function parseSavedSearches(items: Record<string, unknown>): SavedSearch[] {
  const listed: SavedSearch[] = [];
  for (const search of readableSearches(items)) {
    const index = listed.findIndex((kept) => sameSearch(kept, search));
    const kept = listed[index];
    if (kept === undefined) listed.push(search);
    else if (kept.alertBelow === undefined && search.alertBelow !== undefined)
      listed[index] = { ...kept, ...alertOf(search) };
  }
  return listed.slice(0, MAX_SAVED_SEARCHES);
}

const alertOf = (search: SavedSearch) => ({
  ...(search.alertBelow === undefined ? {} : { alertBelow: search.alertBelow }),
  ...(search.alertRev === undefined ? {} : { alertRev: search.alertRev }),
});

/** Every readable search, duplicates included, oldest first. */
function readableSearches(items: Record<string, unknown>): SavedSearch[] {
  const found: (SavedSearch & { addedAt: number })[] = [];
  for (const [key, value] of Object.entries(items)) {
    const id = idOf(key);
    const parsed = SavedSearchItemSchema.safeParse(value);
    if (id === undefined || !parsed.success) continue;
    const { sort, addedAt, alertBelow, alertRev, seller } = parsed.data;
    const text = seller ?? parsed.data.text;
    if (text === undefined) continue;
    found.push({
      id,
      text,
      sort,
      addedAt,
      ...(seller === undefined ? {} : { seller }),
      ...(alertBelow === undefined ? {} : { alertBelow }),
      ...(alertRev === undefined ? {} : { alertRev }),
    });
  }
  found.sort((a, b) => a.addedAt - b.addedAt || a.id.localeCompare(b.id));
  return found.map(({ addedAt: _, ...search }) => search);
}

/**
 * The same search saved in two browsers before sync met (two items, two ids): the later items
 * go, and the one kept takes the first alert among them when it has none. Every browser picks
 * the same (parseSavedSearches), so two doing it at once write the same. Resolves the ids removed.
 */
export async function mergeDuplicateSearches(): Promise<string[]> {
  const all = await readAll();
  const searches = readableSearches(all);
  const kept = parseSavedSearches(all);
  const removed = searches.filter((search) => !kept.some((one) => one.id === search.id));
  const duplicated = removed.filter((search) => kept.some((one) => sameSearch(one, search)));
  if (duplicated.length === 0) return [];
  const writes: Record<string, unknown> = {};
  for (const one of kept) {
    const stored = parseSavedSearches({ [searchKey(one.id)]: all[searchKey(one.id)] })[0];
    if (stored?.alertBelow === undefined && one.alertBelow !== undefined)
      writes[searchKey(one.id)] = mergeEntry(
        all[searchKey(one.id)],
        { ...alertOf(one), [FROM_LIST]: undefined },
        SAVED_SEARCH_VERSION,
      );
  }
  if (Object.keys(writes).length > 0) await syncArea().set(writes);
  await syncArea().remove(duplicated.map((search) => searchKey(search.id)));
  return duplicated.map((search) => search.id);
}

/** When each readable search was saved. */
function addedTimes(items: Record<string, unknown>): number[] {
  return Object.entries(items).flatMap(([key, value]) => {
    const parsed = SavedSearchItemSchema.safeParse(value);
    const readable = parsed.success && (parsed.data.text ?? parsed.data.seller) !== undefined;
    return idOf(key) !== undefined && readable ? [parsed.data.addedAt] : [];
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
    // Entries the old release could not read are copied as they are: kept, not lost. Marked as
    // copies (FROM_LIST) until edited: undoStaleListCopies tells them from an edit.
    items[key] = mergeEntry(fields, { addedAt: index, [FROM_LIST]: true }, SAVED_SEARCH_VERSION);
  });
  return items;
}

/** An item's field while it is the migration's copy of an entry of the old list, as copied. */
export const FROM_LIST = 'fromList';

type SyncChanges = Record<string, { oldValue?: unknown; newValue?: unknown }>;

/**
 * Set in the browser that copied the old list into items itself (storage.local, not synced): it
 * held every copy then, so a copy arriving for an item it does not have is one it removed since.
 * A browser that got the items through sync may get the mark before the copies, and keeps them.
 */
export const migratedHereItem = defineItem<unknown>('local:savedSearchesMigratedHere', { fallback: false });

/**
 * Sync brought another browser's copies of the old list's entries (it migrated before it heard
 * that this one had), and they are later than what this browser did with its own copies since:
 * a cleared alert, a removed search. Those copies are stale: what this browser had is written
 * back (the later write, so sync carries it to the other browser too); a removed one is removed
 * again only where the copies were made (migratedHereItem). Only when this browser had migrated
 * before these changes; an item it still held as an unedited copy is left as it comes.
 */
export async function undoStaleListCopies(changes: SyncChanges): Promise<void> {
  const markBefore = Object.hasOwn(changes, LEGACY_LIST_MARK_KEY)
    ? changes[LEGACY_LIST_MARK_KEY]?.oldValue
    : (await syncArea().get(LEGACY_LIST_MARK_KEY))[LEGACY_LIST_MARK_KEY];
  const mark = asObject(markBefore)?.v;
  if (typeof mark !== 'number' || mark < LEGACY_LIST_MIGRATED) return;
  const restore: Record<string, unknown> = {};
  const remove: string[] = [];
  const copies = Object.entries(changes).filter(
    ([key, { newValue }]) => idOf(key) !== undefined && asObject(newValue)?.[FROM_LIST] === true,
  );
  if (copies.length === 0) return;
  const migratedHere = (await migratedHereItem.getValue()) === true;
  for (const [key, { oldValue }] of copies) {
    if (oldValue === undefined) {
      if (migratedHere) remove.push(key);
    } else if (asObject(oldValue)?.[FROM_LIST] !== true) restore[key] = oldValue;
  }
  if (Object.keys(restore).length > 0) await syncArea().set(restore);
  if (remove.length > 0) await syncArea().remove(remove);
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
  await migratedHereItem.setValue(true);
  return { ...all, ...items };
}

export async function getSavedSearches(): Promise<SavedSearch[]> {
  return parseSavedSearches(await readAll());
}

/** The id of every stored search, readable by this release or not. */
export async function savedSearchIds(): Promise<Set<string>> {
  return new Set(Object.keys(await readAll()).flatMap((key) => idOf(key) ?? []));
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
  /** storage.sync refused for another reason (not a quota): nothing of this change was written. */
  notSynced: 'common.savedSearches.notSynced',
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

/**
 * Saves a search; the same text and sort saved before is returned as it is (not added twice). With
 * `seller`, a watched seller: text is the name, sort the newest (utils/seller-watch/).
 */
export async function saveSearch(
  request: { text: string; sort: AuctionSort; seller?: string | undefined },
  newId: () => string = shortId,
  now: number = Date.now(),
): Promise<SaveResult> {
  const seller = request.seller?.trim() || undefined;
  const text = seller ?? request.text.trim();
  const sort: AuctionSort = seller === undefined ? request.sort : 'recent';
  if (text === '') return { ok: false, message: SAVED_SEARCH_TEXT.empty };
  const all = await readAll();
  const searches = parseSavedSearches(all);
  const existing = searches.find((search) => sameSearch(search, { text, sort, seller }));
  if (existing) return { ok: true, search: existing, added: false };
  if (storedCount(all) >= MAX_SAVED_SEARCHES) return { ok: false, message: tooManySearchesMessage() };
  let id = newId();
  while (searchKey(id) in all) id = newId();
  const search = SavedSearchSchema.parse({ id, text, sort, ...(seller === undefined ? {} : { seller }) });
  // After every search listed here, even when saved in the same millisecond: the list keeps its order.
  const addedAt = Math.max(now, ...addedTimes(all).map((time) => time + 1));
  const item =
    seller === undefined
      ? mergeEntry({}, { text, sort, addedAt }, SAVED_SEARCH_VERSION)
      : mergeEntry({}, { seller, sort, addedAt }, SELLER_WATCH_VERSION);
  try {
    await syncArea().set({ [searchKey(id)]: item });
  } catch (error) {
    // Refused by a sync quota: nothing was written, and nothing else changed.
    const message = refusedMessage(error);
    if (message === undefined) throw error;
    return { ok: false, message };
  }
  return { ok: true, search, added: true };
}

/** Removes a search, and its duplicates (mergeDuplicateSearches); resolves whether it was there. */
export async function removeSearch(id: string): Promise<boolean> {
  const key = searchKey(id);
  const all = await readAll();
  if (all[key] === undefined) return false;
  const removed = readableSearches({ [key]: all[key] })[0];
  const same = removed ? readableSearches(all).filter((search) => sameSearch(search, removed)) : [];
  await syncArea().remove([...new Set([key, ...same.map((search) => searchKey(search.id))])]);
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
    alertBelow === null
      ? { alertBelow: undefined, alertRev: undefined, [FROM_LIST]: undefined }
      : { alertBelow, alertRev: newRev(), [FROM_LIST]: undefined };
  await syncArea().set({ [key]: mergeEntry(stored, changes, SAVED_SEARCH_VERSION) });
  const { alertBelow: _, alertRev: __, ...rest } = found;
  return alertBelow === null ? rest : { ...rest, alertBelow, alertRev: changes.alertRev as string };
}
