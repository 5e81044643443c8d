import { isGameName } from './api/identifiers';
import { MAX_RECENT_PLAYERS } from './limits';
import { defineItem } from './storage-item';

/**
 * Names the user has met recently: looked up or hovered on a forum (the gateway records every
 * player it fetches), seen on a leaderboard or selling in the auction house (those tabs record
 * the names they show). The popup offers them as suggestions. Most recent first,
 * case-insensitively unique, at most MAX_RECENT_PLAYERS.
 */
const recentPlayersItem = defineItem<unknown>('local:recentPlayers', { fallback: [] });

/** Only game names survive; checked by hand because the popup reads this before zod loads. */
function parseRecent(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((name): name is string => typeof name === 'string' && isGameName(name))
    .slice(0, MAX_RECENT_PLAYERS);
}

export async function getRecentPlayers(): Promise<string[]> {
  return parseRecent(await recentPlayersItem.getValue());
}

/** Calls `callback` with the new list whenever it changes, wherever; returns the unsubscribe. */
export function watchRecentPlayers(callback: (names: string[]) => void): () => void {
  return recentPlayersItem.watch((raw) => callback(parseRecent(raw)));
}

function mergeRecent(existing: readonly string[], names: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const name of [...names, ...existing]) {
    const key = name.toLowerCase();
    if (!isGameName(name) || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
    if (out.length === MAX_RECENT_PLAYERS) break;
  }
  return out;
}

/** Put names at the front of the list (the first given ends up first). */
export async function rememberPlayers(names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await recentPlayersItem.setValue(mergeRecent(await getRecentPlayers(), names));
}
