import { MINUTE_MS } from '@/utils/history/history-limits';
import type { PlayerStat } from '@/utils/history/player-change';
import { DELTA_STATS, statDeltaText } from '@/utils/history/player-deltas';
import { type MessageKey, t } from '@/utils/i18n/translate';
import { uiLanguage } from '@/utils/i18n/ui-language';
import type { Gains } from './gains';
import { dayStart, weekStart } from './periods';

/** The words of a player's progress (sessions, today, this week), in the UI language. */

const STAT_NAMES = {
  kills: 'progress.stats.kills',
  deaths: 'progress.stats.deaths',
  balance: 'progress.stats.balance',
  shards: 'progress.stats.shards',
  playtimeHours: 'progress.stats.playtimeHours',
} as const satisfies Record<PlayerStat, MessageKey>;

/** "00:00" or "12:00 AM" (by the language): the Options' reset hours. */
export function hourLabel(hour: number): string {
  return new Intl.DateTimeFormat(uiLanguage(), { hour: 'numeric', minute: '2-digit' }).format(
    new Date(2000, 0, 1, hour),
  );
}

/**
 * A moment as briefly as it reads unambiguously: "14:05" today, "Mon 14:05" this week, "12 Jun,
 * 14:05" before (local time, the UI language's forms).
 */
export function momentText(time: number, now: number): string {
  const form = time >= dayStart(now, 0) ? 'today' : time >= weekStart(now, 0) ? 'week' : 'before';
  return momentFormat(form).format(time);
}

const CLOCK = { hour: 'numeric', minute: '2-digit' } as const;
const MOMENT_FORMS = {
  today: CLOCK,
  week: { weekday: 'short', ...CLOCK },
  before: { day: 'numeric', month: 'short', ...CLOCK },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
/** One formatter per form and language: each takes a millisecond or two to make. */
const momentFormats = new Map<string, Intl.DateTimeFormat>();
function momentFormat(form: keyof typeof MOMENT_FORMS): Intl.DateTimeFormat {
  const language = uiLanguage();
  const key = `${form} ${language}`;
  let format = momentFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, MOMENT_FORMS[form]);
    momentFormats.set(key, format);
  }
  return format;
}

/** "less than a minute", "20 min", "1 h 20 min" (whole minutes, truncated). */
export function durationText(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / MINUTE_MS);
  if (minutes < 1) return t('progress.duration.underMinute');
  if (minutes < 60) return t('progress.duration.minutes', { minutes });
  return t('progress.duration.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/** One formatter per language (a card words three periods at once). */
const listFormats = new Map<string, Intl.ListFormat>();
export function listOf(parts: readonly string[]): string {
  const language = uiLanguage();
  let format = listFormats.get(language);
  if (!format) {
    format = new Intl.ListFormat(language, { type: 'unit', style: 'short' });
    listFormats.set(language, format);
  }
  return format.format(parts);
}

export interface GainsText {
  /** The gains ("+12 kills, +3.4k balance"), "No change", or what is missing. */
  line: string;
  /** Whether there was anything to compare (false: `line` says what is missing). */
  compared: boolean;
  /** Said under the line: counted since when, resets, stats that may lag. */
  notes: string[];
}

/**
 * The words for a period's or a session's gains. `statsMayLag`: the card's answer says its stats
 * may lag (`stats_may_lag`). `missing` is the sentence for nothing to compare when the player has
 * snapshots (a session says "since the session started").
 */
export function gainsText(
  gains: Gains,
  context: { name: string; now: number; statsMayLag: boolean; missing?: string },
): GainsText {
  const { name, now } = context;
  const parts: string[] = [];
  const notes: string[] = [];
  let compared = false;
  let partialSince: number | undefined;
  for (const stat of DELTA_STATS) {
    const gain = gains.stats[stat];
    if (gain.kind !== 'gain') continue;
    compared = true;
    if (gain.delta !== 0) parts.push(statDeltaText(stat, gain.delta));
    if (gain.resetAt !== undefined) {
      notes.push(t('progress.reset', { stat: t(STAT_NAMES[stat]), time: momentText(gain.resetAt, now) }));
    } else if (gain.partial) {
      partialSince = Math.min(partialSince ?? gain.from.time, gain.from.time);
    }
  }
  if (!compared) {
    const line =
      gains.firstSnapshot === undefined
        ? t('progress.notEnoughNone', { name })
        : (context.missing ??
          t('progress.notEnoughFirst', { name, time: momentText(gains.firstSnapshot, now) }));
    return { line, compared, notes: [] };
  }
  if (partialSince !== undefined)
    notes.unshift(t('progress.partial', { time: momentText(partialSince, now) }));
  if (gains.mayLag || context.statsMayLag) notes.push(t('progress.mayLag', { name }));
  return { line: parts.length === 0 ? t('progress.noChange') : listOf(parts), compared, notes };
}
