import type { AuctionSort } from '../api/schemas';
import { messageTable, t } from '../i18n/translate';
import { MAX_SAVED_SEARCHES } from '../limits';
import { defineItem } from '../storage-item';
import { type SavedSearch, SavedSearchSchema, sameSearch } from './saved-search';

/**
 * The saved searches, in storage.sync (they follow the user to their other browsers), oldest
 * first, at most MAX_SAVED_SEARCHES. Read entry by entry: one unreadable entry is dropped, the
 * others survive.
 */

export const savedSearchesItem = defineItem<unknown>('sync:savedSearches', { fallback: [] });

export function parseSavedSearches(raw: unknown): SavedSearch[] {
  if (!Array.isArray(raw)) return [];
  const out: SavedSearch[] = [];
  const ids = new Set<string>();
  for (const entry of raw) {
    const parsed = SavedSearchSchema.safeParse(entry);
    if (!parsed.success || ids.has(parsed.data.id)) continue;
    ids.add(parsed.data.id);
    out.push(parsed.data);
    if (out.length === MAX_SAVED_SEARCHES) break;
  }
  return out;
}

export async function getSavedSearches(): Promise<SavedSearch[]> {
  return parseSavedSearches(await savedSearchesItem.getValue());
}

export function watchSavedSearches(callback: (searches: SavedSearch[]) => void): () => void {
  return savedSearchesItem.watch((raw) => callback(parseSavedSearches(raw)));
}

/** At MAX_SAVED_SEARCHES: in the UI language, as every message here. */
export function tooManySearchesMessage(): string {
  return t('common.savedSearches.tooMany', { max: MAX_SAVED_SEARCHES });
}

export const SAVED_SEARCH_MESSAGES = messageTable({
  removed: 'common.savedSearches.removed',
  empty: 'common.savedSearches.empty',
  /** storage.sync holds about 8 kB per item: long searches can fill it before the count does. */
  noRoom: 'common.savedSearches.noRoom',
});

/** A short random id: 50 searches share one storage.sync item, so every byte counts. */
export function shortId(): string {
  return crypto.randomUUID().replaceAll('-', '').slice(0, 10);
}

export type SaveResult = { ok: true; search: SavedSearch; added: boolean } | { ok: false; message: string };

/** Saves a search; the same text and sort saved before is returned as it is (not added twice). */
export async function saveSearch(
  request: { text: string; sort: AuctionSort },
  newId: () => string = shortId,
): Promise<SaveResult> {
  const text = request.text.trim();
  if (text === '') return { ok: false, message: SAVED_SEARCH_MESSAGES.empty };
  const searches = await getSavedSearches();
  const existing = searches.find((search) => sameSearch(search, { text, sort: request.sort }));
  if (existing) return { ok: true, search: existing, added: false };
  if (searches.length >= MAX_SAVED_SEARCHES) return { ok: false, message: tooManySearchesMessage() };
  let id = newId();
  while (searches.some((search) => search.id === id)) id = newId();
  const search = SavedSearchSchema.parse({ id, text, sort: request.sort });
  try {
    await savedSearchesItem.setValue([...searches, search]);
  } catch {
    // Over the storage.sync quota (QUOTA_BYTES_PER_ITEM): nothing was written.
    return { ok: false, message: SAVED_SEARCH_MESSAGES.noRoom };
  }
  return { ok: true, search, added: true };
}

/** Removes a search; resolves whether it was there. */
export async function removeSearch(id: string): Promise<boolean> {
  const searches = await getSavedSearches();
  const kept = searches.filter((search) => search.id !== id);
  if (kept.length === searches.length) return false;
  await savedSearchesItem.setValue(kept);
  return true;
}

/** Sets (a price) or clears (null) a search's alert; resolves the search, or undefined when it is gone. */
export async function setSearchAlert(
  id: string,
  alertBelow: number | null,
): Promise<SavedSearch | undefined> {
  const searches = await getSavedSearches();
  const found = searches.find((search) => search.id === id);
  if (!found) return undefined;
  const { alertBelow: _, ...rest } = found;
  const updated = alertBelow === null ? rest : { ...rest, alertBelow };
  await savedSearchesItem.setValue(searches.map((search) => (search.id === id ? updated : search)));
  return updated;
}
