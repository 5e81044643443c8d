import { statValue } from '../api/player-stats';
import type { Player } from '../api/schemas';
import { formatKd, formatNumber, formatPlaytime } from '../format';

/**
 * Two players side by side (issue 35, Compare): every stat the card shows, K/D and kills per
 * playtime hour, and which side is better for each. Pure; the view marks the better side in
 * words ("▲ better"), never by colour alone.
 */

export const COMPARED_STATS = [
  'balance',
  'shards',
  'kills',
  'deaths',
  'kd',
  'killsPerHour',
  'playtime',
] as const;
export type ComparedStat = (typeof COMPARED_STATS)[number];

export interface ComparedRow {
  stat: ComparedStat;
  /** The two values as the card writes them. */
  left: string;
  right: string;
  /** Which side is better; `equal` when neither (or the values cannot be compared). */
  better: 'left' | 'right' | 'equal';
}

/** K/D as a number: no deaths counts the kills themselves, as formatKd writes it. */
export const kdOf = (player: Player) =>
  player.stats.deaths > 0 ? player.stats.kills / player.stats.deaths : player.stats.kills;

/** Kills per hour played; none for no playtime (not a division by zero). */
export const killsPerHour = (player: Player): number | undefined =>
  player.stats.playtime_hours > 0 ? player.stats.kills / player.stats.playtime_hours : undefined;

/** Fewer deaths is better; more of everything else. */
const LOWER_IS_BETTER: ReadonlySet<ComparedStat> = new Set(['deaths']);

function statNumber(player: Player, stat: ComparedStat): number | undefined {
  switch (stat) {
    case 'kd':
      return kdOf(player);
    case 'killsPerHour':
      return killsPerHour(player);
    case 'playtime':
      // The ticks textOf writes (formatPlaytime), so the better side matches the words.
      return player.stats.playtime_ticks;
    default:
      return statValue(player, stat);
  }
}

function textOf(player: Player, stat: ComparedStat): string {
  switch (stat) {
    case 'kd':
      return formatKd(player.stats.kills, player.stats.deaths);
    case 'playtime':
      return formatPlaytime(player.stats.playtime_ticks);
    case 'killsPerHour': {
      const value = killsPerHour(player);
      return value === undefined ? '–' : formatNumber(value);
    }
    default:
      return formatNumber(statNumber(player, stat) ?? 0);
  }
}

export function compareStat(left: Player, right: Player, stat: ComparedStat): ComparedRow {
  const a = statNumber(left, stat);
  const b = statNumber(right, stat);
  let better: ComparedRow['better'] = 'equal';
  if (a !== undefined && b !== undefined && Number.isFinite(a) && Number.isFinite(b) && a !== b) {
    const leftAhead = LOWER_IS_BETTER.has(stat) ? a < b : a > b;
    better = leftAhead ? 'left' : 'right';
  }
  return { stat, left: textOf(left, stat), right: textOf(right, stat), better };
}

export const comparePlayers = (left: Player, right: Player): ComparedRow[] =>
  COMPARED_STATS.map((stat) => compareStat(left, right, stat));
