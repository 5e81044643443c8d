import type { PlayerSnapshotRow } from '@/utils/history/history-rows';
import { t } from '@/utils/i18n/translate';
import { gainsBetween } from './gains';
import { periodStart } from './periods';
import { durationText, type GainsText, gainsText, momentText } from './progress-text';
import { type SessionMarks, sessionState } from './session';

/**
 * A watched player's progress on their card, as three blocks: this session (or the last one),
 * today and this week, each a title and its words. Pure: the card reads the status, the settings
 * and the snapshots and hands them here (entrypoints/popup/player/progress/).
 */

export type ProgressBlockId = 'session' | 'today' | 'week';

export interface ProgressBlock {
  id: ProgressBlockId;
  title: string;
  /** "since 00:00": when the period starts (periods only). */
  since?: string;
  text: GainsText;
}

export interface ProgressInput {
  name: string;
  /** The player's status as this browser saw it (utils/watchlist/status.ts); undefined: never checked. */
  status: (SessionMarks & { online: boolean }) | undefined;
  /** Ascending by time, from at least the earliest start shown (`progressSince`). */
  snapshots: readonly PlayerSnapshotRow[];
  resetHour: number;
  /** The card's answer says its stats may lag. */
  statsMayLag: boolean;
  now: number;
}

/** The earliest moment the blocks count from: the snapshots to read start there. */
export function progressSince(status: ProgressInput['status'], resetHour: number, now: number): number {
  const session = sessionState(status, now);
  const week = periodStart('week', now, resetHour);
  if (session.kind === 'online') return Math.min(week, session.start);
  if (session.kind === 'offline' && session.last) return Math.min(week, session.last.start);
  return week;
}

const words = (line: string): GainsText => ({ line, compared: false, notes: [] });

function sessionBlock(input: ProgressInput): ProgressBlock {
  const { name, now, snapshots, statsMayLag } = input;
  const session = sessionState(input.status, now);
  const title = t('progress.session');
  switch (session.kind) {
    case 'online': {
      const gains = gainsBetween(snapshots, session.start, now);
      return {
        id: 'session',
        title: t('progress.sessionFor', { duration: durationText(now - session.start) }),
        text: gainsText(gains, { name, now, statsMayLag, missing: t('progress.notEnoughSession', { name }) }),
      };
    }
    case 'offline': {
      const last = session.last;
      if (!last) return { id: 'session', title, text: words(t('progress.offlineNoSession', { name })) };
      const gains = gainsBetween(snapshots, last.start, last.offlineAt);
      return {
        id: 'session',
        title: t('progress.lastSession', {
          duration: durationText(last.seenUntil - last.start),
          time: momentText(last.seenUntil, now),
        }),
        // Seen offline: the snapshot that said so has its stats current.
        text: gainsText(gains, {
          name,
          now,
          statsMayLag: false,
          missing: t('progress.notEnoughSession', { name }),
        }),
      };
    }
    case 'online-unknown':
      return { id: 'session', title, text: words(t('progress.onlineUnknown', { name })) };
    case 'unseen':
      return { id: 'session', title, text: words(t('progress.unseen', { name })) };
  }
}

function periodBlock(input: ProgressInput, id: 'today' | 'week'): ProgressBlock {
  const { name, now, snapshots, statsMayLag, resetHour } = input;
  const start = periodStart(id === 'today' ? 'day' : 'week', now, resetHour);
  return {
    id,
    title: t(id === 'today' ? 'progress.today' : 'progress.week'),
    since: t('progress.since', { time: momentText(start, now) }),
    text: gainsText(gainsBetween(snapshots, start, now), { name, now, statsMayLag }),
  };
}

export function progressBlocks(input: ProgressInput): ProgressBlock[] {
  return [sessionBlock(input), periodBlock(input, 'today'), periodBlock(input, 'week')];
}
