import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { isGameName } from './api/identifiers';

/**
 * Names the user has met recently: looked up, seen on a leaderboard, selling in the auction
 * house, or hovered on a forum. The popup offers them as suggestions. Most recent first,
 * case-insensitively unique, at most MAX_RECENT_PLAYERS.
 */
export const MAX_RECENT_PLAYERS = 50;

const RecentSchema = z.array(z.string());
export const recentPlayersItem = storage.defineItem<unknown>('local:recentPlayers', { fallback: [] });

export async function getRecentPlayers(): Promise<string[]> {
  const parsed = RecentSchema.safeParse(await recentPlayersItem.getValue());
  return parsed.success ? parsed.data.filter(isGameName).slice(0, MAX_RECENT_PLAYERS) : [];
}

export function mergeRecent(existing: readonly string[], names: readonly string[]): string[] {
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
