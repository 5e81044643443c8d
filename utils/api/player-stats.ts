import type { Player } from './schemas';
import { LEADERBOARD_TYPES, type LeaderboardType } from './vocabulary';

/**
 * One player's numbers read by name, the one reader for compare, goals and rank watch (each
 * used to switch over the same fields). Playtime in hours, as the card shows it.
 */
export const PLAYER_VALUE_STATS = ['balance', 'shards', 'kills', 'deaths', 'playtime'] as const;
export type PlayerValueStat = (typeof PLAYER_VALUE_STATS)[number];

export function statValue(player: Player, stat: PlayerValueStat): number {
  switch (stat) {
    case 'balance':
      return player.balance;
    case 'shards':
      return player.shards;
    case 'kills':
      return player.stats.kills;
    case 'deaths':
      return player.stats.deaths;
    case 'playtime':
      return player.stats.playtime_hours;
  }
}

/** The stats with a leaderboard (docs/api-spec.md §4.4): the API's board names. */
export const isBoardStat = (stat: string): stat is LeaderboardType =>
  (LEADERBOARD_TYPES as readonly string[]).includes(stat);
