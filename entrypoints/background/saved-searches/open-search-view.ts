import { browser } from 'wxt/browser';
import type { SavedSearch } from '@/utils/saved-searches/saved-search';

/**
 * Opens the popup page in a tab on the Auctions tab, searching for a saved search
 * (`popup.html?auctions=TEXT&sort=SORT`, read by entrypoints/popup/linked-search.ts): where a
 * click on an alert's notification leads.
 */
export function searchViewUrl(search: Pick<SavedSearch, 'text' | 'sort'>): string {
  const query = new URLSearchParams({ auctions: search.text, sort: search.sort });
  return `${browser.runtime.getURL('/popup.html')}?${query.toString()}`;
}

export async function openSearchView(search: Pick<SavedSearch, 'text' | 'sort'>): Promise<void> {
  await browser.tabs.create({ url: searchViewUrl(search), active: true });
}
