import type { Leaderboard } from '../api/schemas';
import { DAY_MS } from '../history/history-limits';
import type { PlayerSnapshotRow } from '../history/history-rows';
import type { Goal, GoalStat } from './goal';
import { type Projection, projectGoal, type ValueAt } from './projection';

/**
 * Where a goal stands: its target as a value (a position's is the value at that place on the
 * board now), the progress bar's fraction from the value when it was set, and the projection.
 */

/** The line is fitted to this much history: a month shows today's pace, not last season's. */
export const GOAL_FIT_WINDOW_MS = 30 * DAY_MS;

/** The snapshot's value of a stat (playtime in hours). */
export function snapshotValue(row: PlayerSnapshotRow, stat: GoalStat): number {
  switch (stat) {
    case 'balance':
      return row.balance;
    case 'shards':
      return row.shards;
    case 'kills':
      return row.kills;
    case 'playtime':
      return row.playtimeHours;
  }
}

/**
 * The points a projection is fitted to: the snapshots of the last GOAL_FIT_WINDOW_MS (kills and
 * playtime from confirmed ones only: lagging ones may be minutes old) and the value now, which
 * holds until the next change (snapshots are written only when something changed).
 */
export function goalPoints(
  snapshots: readonly PlayerSnapshotRow[],
  stat: GoalStat,
  current: number,
  now: number,
): ValueAt[] {
  const lagMatters = stat === 'kills' || stat === 'playtime';
  const points = snapshots
    .filter(
      (row) => row.time >= now - GOAL_FIT_WINDOW_MS && row.time < now && !(lagMatters && row.statsMayLag),
    )
    .map((row) => ({ time: row.time, value: snapshotValue(row, stat) }));
  points.push({ time: now, value: current });
  return points;
}

/**
 * A position goal's target value: the value at that place on the board now. Undefined when the
 * board does not say (not read). A board shorter than the place: the player is in when on it.
 */
export function positionTarget(
  entries: readonly Leaderboard['entries'][number][],
  position: number,
  uuid: string,
): { target: number; inPlace: boolean } | undefined {
  const mine = entries.find((entry) => entry.uuid.toLowerCase() === uuid.toLowerCase());
  if (mine && mine.rank <= position) return { target: mine.value, inPlace: true };
  const at = entries.find((entry) => entry.rank === position) ?? entries.at(-1);
  if (!at) return undefined;
  // One more than the value there: a tie does not pass it.
  return { target: at.value + 1, inPlace: false };
}

export interface GoalStatus {
  /** The value to reach (a position's, as the board says now). */
  target: number;
  /** 0 to 1, from the value when set to the target. */
  progress: number;
  projection: Projection;
}

export function goalStatus(
  goal: Goal,
  target: number,
  current: number,
  snapshots: readonly PlayerSnapshotRow[],
  now: number,
): GoalStatus {
  const span = target - goal.start;
  const progress =
    span <= 0 ? (current >= target ? 1 : 0) : Math.min(1, Math.max(0, (current - goal.start) / span));
  return {
    target,
    progress,
    projection: projectGoal(goalPoints(snapshots, goal.stat, current, now), target, current),
  };
}
