import type { PlayerSnapshotRow } from '@/utils/history/history-rows';
import { LAGGING_STATS, type PlayerStat, type StatReading } from '@/utils/history/player-change';
import { DELTA_STATS } from '@/utils/history/player-deltas';

/**
 * What a player gained between a moment (a session's start, a period's start) and an end, from
 * their snapshots (ascending by time, as the history store gives them). The value at the start
 * is the last snapshot at or before it, or else the first after it ("since 14:05"). Kills,
 * deaths and playtime start from a snapshot whose stats did not lag when there is one, and count
 * to the newest snapshot even while they may lag (marked so): a session is played online, where
 * the API says they may lag, and comparing confirmed snapshots only (player-change.ts) would
 * show no kills until the player logs off.
 * Snapshots later than `end` are left out, so one stamped in the future by a clock set wrong
 * counts for nothing. Kills, deaths and playtime only grow: when one went down, the stats were
 * reset, and the gain is counted from the reset on, with the reset said, never as a negative.
 */

/** Counters the game only adds to: a drop is a reset. Balance and shards may be spent. */
export const GROWING_STATS: ReadonlySet<PlayerStat> = new Set<PlayerStat>([
  'kills',
  'deaths',
  'playtimeHours',
]);

export type StatGain =
  | {
      kind: 'gain';
      delta: number;
      from: StatReading;
      to: StatReading;
      /** The first usable snapshot is after the start: the gain is since `from.time`. */
      partial: boolean;
      /** When the counter was seen lower than before (a reset); counted from there. */
      resetAt?: number;
      /** Kills, deaths or playtime read while they may lag (`stats_may_lag`): maybe behind. */
      mayLag?: boolean;
    }
  /** No snapshot to compare: `first` is the first usable one after the start, when there is one. */
  | { kind: 'not-enough'; first?: number };

export interface Gains {
  stats: Record<PlayerStat, StatGain>;
  /** Kills, deaths or playtime were counted to a snapshot whose stats may lag. */
  mayLag: boolean;
  /** The player's first snapshot up to `end` (any stat), for "the first snapshot is from …". */
  firstSnapshot?: number;
}

export function statGain(
  snapshots: readonly PlayerSnapshotRow[],
  stat: PlayerStat,
  start: number,
  end: number,
): StatGain {
  const lagging = LAGGING_STATS.has(stat);
  let beforeConfirmed: PlayerSnapshotRow | undefined;
  let beforeAny: PlayerSnapshotRow | undefined;
  const inside: PlayerSnapshotRow[] = [];
  for (const snapshot of snapshots) {
    if (snapshot.time > end) continue;
    if (snapshot.time > start) inside.push(snapshot);
    else {
      beforeAny = snapshot;
      if (!snapshot.statsMayLag) beforeConfirmed = snapshot;
    }
  }
  // A lagging value at the start could be behind, which would count play from before it.
  const before = lagging ? (beforeConfirmed ?? beforeAny) : beforeAny;
  let from = before ?? inside[0];
  let last = from;
  let resetAt: number | undefined;
  for (const snapshot of inside) {
    if (snapshot === from) continue;
    if (last && GROWING_STATS.has(stat) && snapshot[stat] < last[stat]) {
      // A reset: what was gained before it is gone from the counter; count from the reset.
      from = snapshot;
      resetAt = snapshot.time;
    }
    last = snapshot;
  }
  if (!from || !last) return { kind: 'not-enough' };
  if (!before && from === last && resetAt === undefined) return { kind: 'not-enough', first: from.time };
  return {
    kind: 'gain',
    delta: last[stat] - from[stat],
    from: { time: from.time, value: from[stat] },
    to: { time: last.time, value: last[stat] },
    partial: !before || resetAt !== undefined,
    ...(resetAt === undefined ? {} : { resetAt }),
    ...(lagging && last.statsMayLag ? { mayLag: true } : {}),
  };
}

export function gainsBetween(snapshots: readonly PlayerSnapshotRow[], start: number, end: number): Gains {
  const usable = snapshots.filter((snapshot) => snapshot.time <= end);
  const stats = Object.fromEntries(
    DELTA_STATS.map((stat) => [stat, statGain(usable, stat, start, end)]),
  ) as Record<PlayerStat, StatGain>;
  return {
    stats,
    mayLag: Object.values(stats).some((gain) => gain.kind === 'gain' && gain.mayLag === true),
    ...(usable[0] ? { firstSnapshot: usable[0].time } : {}),
  };
}
