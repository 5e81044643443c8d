import { askBackground } from '@/utils/ask-background';
import { t } from '@/utils/i18n/translate';
import type { SavedSearch } from '@/utils/saved-searches/saved-search';
import { watchSavedSearches } from '@/utils/saved-searches/storage';

/**
 * The watched sellers as every Watch auctions toggle in this page sees them: read once (one
 * `saved-searches` message, not one per listing row) and again after each toggle; each toggle
 * subscribes. Name (lower case) → the saved search's id.
 */

export type WatchedSellers = ReadonlyMap<string, string>;

let current: WatchedSellers | null = null;
let started = false;
const listeners = new Set<(sellers: WatchedSellers | null) => void>();

const keyOf = (name: string) => name.trim().toLowerCase();

function publish(next: WatchedSellers | null) {
  current = next;
  for (const listener of listeners) listener(next);
}

function sellersOf(searches: readonly Pick<SavedSearch, 'id' | 'seller'>[]): WatchedSellers {
  return new Map(
    searches.flatMap((search) => (search.seller === undefined ? [] : [[keyOf(search.seller), search.id]])),
  );
}

async function read(): Promise<void> {
  // No background, or a reply it cannot read: shown as not watched, and the toggle says so when pressed.
  const reply = await askBackground({ type: 'saved-searches' }).catch(() => undefined);
  publish(Array.isArray(reply) ? sellersOf(reply) : new Map());
}

/** Calls back with the watched sellers now (null while read) and after each change. */
export function subscribeWatchedSellers(listener: (sellers: WatchedSellers | null) => void): () => void {
  listeners.add(listener);
  listener(current);
  if (!started) {
    started = true;
    void read();
    // Removed from Saved searches, or in another browser: every toggle follows.
    watchSavedSearches((searches) => publish(sellersOf(searches)));
  }
  return () => listeners.delete(listener);
}

export function watchedId(sellers: WatchedSellers | null, name: string): string | undefined {
  return sellers?.get(keyOf(name));
}

/** Watches (or stops watching) a seller; resolves a refusal in words, undefined when done. */
export async function toggleSellerWatch(
  name: string,
  sellers: WatchedSellers | null,
): Promise<string | undefined> {
  const id = watchedId(sellers, name);
  let refusal: string | undefined;
  try {
    const reply =
      id === undefined
        ? await askBackground({ type: 'save-search', text: name, sort: 'recent', seller: name })
        : await askBackground({ type: 'remove-saved-search', id });
    if ('ok' in reply && !reply.ok)
      refusal = 'message' in reply ? reply.message : t('popup.saved.noBackground');
  } catch {
    refusal = t('popup.saved.noBackground');
  }
  await read();
  return refusal;
}
