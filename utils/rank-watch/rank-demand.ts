import { LEADERBOARD_TYPES, type LeaderboardType } from '../api/vocabulary';
import { LEADERBOARD_LIFETIME_MS } from '../limits';
import type { StreamDemand } from '../scheduler/demand';
import { isResting } from '../scheduler/entry-failures';
import { boardOf, RANK_BOARD_EVERY_MS, type RankWatchState } from './rank-state';

/**
 * How the rank-watch stream asks for slots (docs/architecture.md "Rank watch"): nothing while
 * there is no one to watch; otherwise each board when its own pace is up, never sooner than the
 * server recomputes it (LEADERBOARD_LIFETIME_MS, from docs/api-spec.md §4.4) and by default every
 * RANK_BOARD_EVERY_MS; a board whose reads keep failing rests on its own (entry-failures.ts).
 * The demand's `dueAt` is the earliest board's; the plan keeps the budget and the gap.
 */

/** A board's own pace: the default, or its refresh if that were longer. */
export function boardEveryMs(board: LeaderboardType, everyMs = RANK_BOARD_EVERY_MS): number {
  return Math.max(everyMs, LEADERBOARD_LIFETIME_MS[board]);
}

/** When a board is next due: its last look plus its pace, or its retry while it rests; never read: at once. */
export function boardDueAt(state: RankWatchState, board: LeaderboardType, now: number): number {
  const { lastReadAt, failure } = boardOf(state, board);
  if (isResting(failure, now))
    return Math.max(failure?.retryAt ?? 0, (lastReadAt ?? 0) + boardEveryMs(board));
  if (lastReadAt === undefined) return 0;
  // A last read in the future: the clock went back; due after one pace from now.
  return Math.min(lastReadAt, now) + boardEveryMs(board);
}

/** The board a slot reads now: the one due longest ago; undefined when none is due. */
export function nextBoard(state: RankWatchState, now: number): LeaderboardType | undefined {
  let best: LeaderboardType | undefined;
  let bestAt = Number.POSITIVE_INFINITY;
  for (const board of LEADERBOARD_TYPES) {
    const at = boardDueAt(state, board, now);
    if (at <= now && at < bestAt) [best, bestAt] = [board, at];
  }
  return best;
}

export function rankWatchDemand(input: {
  enabled: boolean;
  configured: boolean;
  /** The own name (if set) and the watched players. */
  tracked: number;
  state: RankWatchState;
  now: number;
}): StreamDemand {
  if (!input.enabled || !input.configured || input.tracked <= 0) return null;
  const dueAt = Math.min(...LEADERBOARD_TYPES.map((board) => boardDueAt(input.state, board, input.now)));
  return { everyMs: RANK_BOARD_EVERY_MS / LEADERBOARD_TYPES.length, dueAt };
}
