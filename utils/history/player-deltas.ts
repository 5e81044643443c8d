import { formatCompact, formatNumber } from '../format';
import { type MessageKey, plural, t } from '../i18n/translate';
import { uiLanguage } from '../i18n/ui-language';
import { DAY_MS } from './history-limits';
import type { PlayerSnapshotRow } from './history-rows';
import { type PlayerChange, type PlayerStat, playerChange } from './player-change';

/**
 * What changed for a watched player over the last day and the last week, and the words for it
 * ("+12 kills, +3.4k balance this week"). Kills, deaths and playtime are compared between
 * snapshots the API said were current only (`stats_may_lag` false; player-change.ts), so a
 * player online while checked never shows a delta built on stale stats.
 */

/** The order stats are named in a sentence: the fight first, then money, then time. */
export const DELTA_STATS: readonly PlayerStat[] = ['kills', 'deaths', 'balance', 'shards', 'playtimeHours'];

/** Each window's length and its sentences (changes, no change, not enough history yet). */
export const DELTA_WINDOWS = {
  day: {
    ms: DAY_MS,
    changes: 'common.deltas.changesDay',
    noChange: 'common.deltas.noChangeDay',
    notEnough: 'common.deltas.notEnoughDay',
  },
  week: {
    ms: 7 * DAY_MS,
    changes: 'common.deltas.changesWeek',
    noChange: 'common.deltas.noChangeWeek',
    notEnough: 'common.deltas.notEnoughWeek',
  },
} as const satisfies Record<
  string,
  { ms: number; changes: MessageKey; noChange: MessageKey; notEnough: MessageKey }
>;
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

/** The sign written before a change: a true minus for losses. */
const signOf = (delta: number) => (delta < 0 ? '−' : '+');

/** "+12 kills", "+1 death", "+3.4k balance", "−20 shards", "+2.5 h played". */
export function statDeltaText(stat: PlayerStat, delta: number): string {
  const size = Math.abs(delta);
  const sign = signOf(delta);
  switch (stat) {
    case 'kills':
      return plural('common.deltas.kills', size, { sign });
    case 'deaths':
      return plural('common.deltas.deaths', size, { sign });
    case 'balance':
      return t('common.deltas.balance', { sign, amount: formatCompact(size) });
    case 'shards':
      return plural('common.deltas.shards', size, { sign, amount: formatCompact(size) });
    case 'playtimeHours':
      return t('common.deltas.playtime', { sign, hours: formatNumber(Math.round(size * 10) / 10) });
  }
}

/** One formatter per language: the Watchlist words 200 players' changes at once. */
const listFormats = new Map<string, Intl.ListFormat>();

/** "+12 kills, +3.4k balance" (en): the UI language's list of units. */
function listOf(parts: readonly string[]): string {
  const language = uiLanguage();
  let format = listFormats.get(language);
  if (!format) {
    format = new Intl.ListFormat(language, { type: 'unit', style: 'short' });
    listFormats.set(language, format);
  }
  return format.format(parts);
}

/**
 * One window in words: "+12 kills, +3.4k balance this week"; "No change this week";
 * "Not enough history yet for this week" when no stat has two snapshots to compare.
 */
export function deltaSentence(deltas: PlayerDeltas, window: DeltaWindow): string {
  const changes = deltas[window];
  const sentences = DELTA_WINDOWS[window];
  const parts: string[] = [];
  let compared = false;
  for (const stat of DELTA_STATS) {
    const change = changes[stat];
    if (change.kind !== 'change') continue;
    compared = true;
    if (change.delta !== 0) parts.push(statDeltaText(stat, change.delta));
  }
  if (!compared) return t(sentences.notEnough);
  if (parts.length === 0) return t(sentences.noChange);
  return t(sentences.changes, { changes: listOf(parts) });
}
