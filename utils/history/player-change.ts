import type { PlayerSnapshotRow } from './history-rows';

/** The player values whose change over time the extension reports. */
export type PlayerStat = 'balance' | 'shards' | 'kills' | 'deaths' | 'playtimeHours';

/**
 * Stats the API may report minutes late while the player is online (docs/api-spec.md §3.1): their changes
 * are measured between snapshots taken while `stats_may_lag` was false only.
 */
export const LAGGING_STATS: ReadonlySet<PlayerStat> = new Set<PlayerStat>([
  'kills',
  'deaths',
  'playtimeHours',
]);

export interface StatReading {
  time: number;
  value: number;
}

export type PlayerChange =
  | {
      kind: 'change';
      /** `to.value - from.value`. */
      delta: number;
      from: StatReading;
      to: StatReading;
      /** True when the first usable snapshot is inside the window: the change is since `from.time`. */
      partial: boolean;
    }
  | { kind: 'not-enough-data' };

/**
 * How `stat` changed over the `windowMs` before `now` (a day, a week), from one player's
 * snapshots in ascending time order. Snapshots are written only on change, so the value at
 * the window's start is the last snapshot at or before it.
 */
export function playerChange(
  snapshots: readonly PlayerSnapshotRow[],
  stat: PlayerStat,
  windowMs: number,
  now: number,
): PlayerChange {
  const confirmedOnly = LAGGING_STATS.has(stat);
  const windowStart = now - windowMs;
  let before: PlayerSnapshotRow | undefined;
  let firstInside: PlayerSnapshotRow | undefined;
  let last: PlayerSnapshotRow | undefined;
  for (const snapshot of snapshots) {
    if (snapshot.time > now) break;
    if (confirmedOnly && snapshot.statsMayLag) continue;
    if (snapshot.time <= windowStart) before = snapshot;
    else firstInside ??= snapshot;
    last = snapshot;
  }
  const from = before ?? firstInside;
  // One snapshot inside the window and none before it: nothing to compare with.
  if (!from || !last || (!before && from === last)) return { kind: 'not-enough-data' };
  return {
    kind: 'change',
    delta: last[stat] - from[stat],
    from: { time: from.time, value: from[stat] },
    to: { time: last.time, value: last[stat] },
    partial: !before,
  };
}
