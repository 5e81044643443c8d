import { isBoardStat } from '../api/player-stats';
import { LEADERBOARD_TYPES, type LeaderboardType } from '../api/vocabulary';

/**
 * A goal on one player's stat: a value to reach ("1,000,000 balance") or a leaderboard position
 * ("top 10 in kills", judged by the value at that position now). Zod-free, for the views.
 * Deaths are no goal: they only grow, and more of them is nothing to aim at.
 */

export const GOAL_STATS = ['balance', 'shards', 'kills', 'playtime'] as const;
export type GoalStat = (typeof GOAL_STATS)[number];

export const GOAL_KINDS = ['value', 'position'] as const;
export type GoalKind = (typeof GOAL_KINDS)[number];

/** The stats with a leaderboard (docs/api-spec.md §4.4): playtime has none. */
export const BOARD_STATS = LEADERBOARD_TYPES satisfies readonly GoalStat[];
export type BoardStat = LeaderboardType;
export const hasBoard = (stat: GoalStat): stat is BoardStat => isBoardStat(stat);

export interface Goal {
  uuid: string;
  /** The player's name when the goal was set. */
  name: string;
  stat: GoalStat;
  kind: GoalKind;
  /** The value to reach, or the position (1 to 100) to enter. Playtime in hours. */
  target: number;
  /** The stat's value when the goal was set: the progress bar's start. */
  start: number;
  setAt: number;
  /** When it was first seen reached. */
  reachedAt?: number;
  updatedAt: number;
}
