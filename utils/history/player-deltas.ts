import { formatCompact, formatNumber } from '../format';
import { DAY_MS } from './limits';
import { type PlayerChange, type PlayerStat, playerChange } from './player-change';
import type { PlayerSnapshotRow } from './rows';

/**
 * What changed for a watched player over the last day and the last week, and the words for it
 * ("+12 kills, +3.4k balance this week"). Kills, deaths and playtime are compared between
 * snapshots the API said were current only (`stats_may_lag` false; player-change.ts), so a
 * player online while checked never shows a delta built on stale stats.
 */

/** The order stats are named in a sentence: the fight first, then money, then time. */
export const DELTA_STATS: readonly PlayerStat[] = ['kills', 'deaths', 'balance', 'shards', 'playtimeHours'];

export const DELTA_WINDOWS = {
  day: { ms: DAY_MS, words: 'in the last day', span: 'the last day' },
  week: { ms: 7 * DAY_MS, words: 'this week', span: 'this week' },
} as const;
export type DeltaWindow = keyof typeof DELTA_WINDOWS;

export type PlayerDeltas = Record<DeltaWindow, Record<PlayerStat, PlayerChange>>;

/** `snapshots`: one player's, ascending by time (the history store's order). */
export function playerDeltas(snapshots: readonly PlayerSnapshotRow[], now: number): PlayerDeltas {
  const over = (window: DeltaWindow) =>
    Object.fromEntries(
      DELTA_STATS.map((stat) => [stat, playerChange(snapshots, stat, DELTA_WINDOWS[window].ms, now)]),
    ) as Record<PlayerStat, PlayerChange>;
  return { day: over('day'), week: over('week') };
}

const signed = (delta: number, body: string) => `${delta < 0 ? '−' : '+'}${body}`;

/** "+12 kills", "+1 death", "+3.4k balance", "−20 shards", "+2.5 h played". */
export function statDeltaText(stat: PlayerStat, delta: number): string {
  const size = Math.abs(delta);
  switch (stat) {
    case 'kills':
      return signed(delta, `${formatNumber(size)} ${size === 1 ? 'kill' : 'kills'}`);
    case 'deaths':
      return signed(delta, `${formatNumber(size)} ${size === 1 ? 'death' : 'deaths'}`);
    case 'balance':
      return signed(delta, `${formatCompact(size)} balance`);
    case 'shards':
      return signed(delta, `${formatCompact(size)} ${size === 1 ? 'shard' : 'shards'}`);
    case 'playtimeHours':
      return signed(delta, `${formatNumber(Math.round(size * 10) / 10)} h played`);
  }
}

/**
 * One window in words: "+12 kills, +3.4k balance this week"; "No change this week";
 * "Not enough history yet for this week" when no stat has two snapshots to compare.
 */
export function deltaSentence(deltas: PlayerDeltas, window: DeltaWindow): string {
  const changes = deltas[window];
  const words = DELTA_WINDOWS[window].words;
  const parts: string[] = [];
  let compared = false;
  for (const stat of DELTA_STATS) {
    const change = changes[stat];
    if (change.kind !== 'change') continue;
    compared = true;
    if (change.delta !== 0) parts.push(statDeltaText(stat, change.delta));
  }
  if (!compared) return `Not enough history yet for ${DELTA_WINDOWS[window].span}`;
  if (parts.length === 0) return `No change ${words}`;
  return `${parts.join(', ')} ${words}`;
}
