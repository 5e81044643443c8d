import { uiLanguage } from '@/utils/i18n/ui-language';
import type { WatchlistEntry } from '@/utils/messages';

/** Online first, then players not checked yet, then offline; by name within each. */
export function sortWatchlist(players: readonly WatchlistEntry[]): WatchlistEntry[] {
  const group = (entry: WatchlistEntry) => (entry.status === undefined ? 1 : entry.status.online ? 0 : 2);
  const names = new Intl.Collator(uiLanguage(), { sensitivity: 'base' });
  return [...players].sort((a, b) => group(a) - group(b) || names.compare(a.name, b.name));
}
