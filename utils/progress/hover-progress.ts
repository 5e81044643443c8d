import type { PlayerSnapshotRow } from '@/utils/history/history-rows';
import type { PlayerStat } from '@/utils/history/player-change';
import { DELTA_STATS } from '@/utils/history/player-deltas';
import { type Gains, gainsBetween } from './gains';
import { periodStart } from './periods';
import { type SessionMarks, sessionState } from './session';

/**
 * The hover card's one progress line (issue 35 "hover card in short"): this session's gains for a
 * watched player seen coming online, else today's, else nothing. Counted by the popup's own rules
 * (sessionState, gainsBetween, periodStart); the background sends these numbers and the card
 * only words them, so the card's script stays small (docs/architecture.md "Sessions and periods").
 */
export interface HoverProgress {
  period: 'session' | 'today';
  /** The stats that moved, in the popup's order; empty: compared, and nothing changed. */
  changes: { stat: PlayerStat; delta: number }[];
  /** How long the session has lasted so far (a session only). */
  sessionMs?: number;
  /** Kills, deaths or playtime were counted to a snapshot whose stats may lag. */
  mayLag: boolean;
}

export interface HoverProgressInput {
  status: (SessionMarks & { online: boolean }) | undefined;
  /** Ascending by time, from at least `hoverProgressSince`. */
  snapshots: readonly PlayerSnapshotRow[];
  resetHour: number;
  now: number;
}

/** The earliest moment the line counts from: the snapshots to read start there. */
export function hoverProgressSince(
  status: HoverProgressInput['status'],
  resetHour: number,
  now: number,
): number {
  const session = sessionState(status, now);
  const today = periodStart('day', now, resetHour);
  return session.kind === 'online' ? Math.min(today, session.start) : today;
}

function changesOf(gains: Gains): Pick<HoverProgress, 'changes' | 'mayLag'> | undefined {
  const changes: HoverProgress['changes'] = [];
  let compared = false;
  for (const stat of DELTA_STATS) {
    const gain = gains.stats[stat];
    if (gain.kind !== 'gain') continue;
    compared = true;
    if (gain.delta !== 0) changes.push({ stat, delta: gain.delta });
  }
  return compared ? { changes, mayLag: gains.mayLag } : undefined;
}

export function hoverProgress(input: HoverProgressInput): HoverProgress | undefined {
  const { snapshots, now } = input;
  const session = sessionState(input.status, now);
  if (session.kind === 'online') {
    const line = changesOf(gainsBetween(snapshots, session.start, now));
    if (line) return { period: 'session', ...line, sessionMs: now - session.start };
  }
  const line = changesOf(gainsBetween(snapshots, periodStart('day', now, input.resetHour), now));
  return line && { period: 'today', ...line };
}
