import type { WatchlistEntry } from '../../../utils/messages';

/** Online first, then players not checked yet, then offline; by name within each. */
export function sortWatchlist(players: readonly WatchlistEntry[]): WatchlistEntry[] {
  const group = (entry: WatchlistEntry) => (entry.status === undefined ? 1 : entry.status.online ? 0 : 2);
  return [...players].sort(
    (a, b) => group(a) - group(b) || a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
  );
}
