/**
 * A watched player's session as this browser saw it: the moment a check first saw them online
 * after seeing them offline (the observer's "came online", entrypoints/background/watchlist/
 * observer.ts), kept in their status in `storage.local` (utils/watchlist/status.ts), so a
 * session outlives a background restart and a browser restart. When a check sees them offline
 * again, the session becomes the last one, with the last time they were seen online.
 */

export interface LastSession {
  /** When a check first saw them online. */
  start: number;
  /** The last check that saw them online: the session lasted at least until then. */
  seenUntil: number;
  /** The check that saw them offline: its snapshot holds the session's final stats. */
  offlineAt: number;
}

export interface SessionMarks {
  /** Set while online, when the extension saw them come online; absent when it did not. */
  onlineSince?: number;
  lastSession?: LastSession;
}

/** What a status kept before says (online at its check, last seen online, the marks). */
export interface SessionBefore extends SessionMarks {
  online: boolean;
  seenOnlineAt?: number;
}

/**
 * The marks after a check at `at` saw the player `online` or not. A first observation (no
 * status before) starts no session: the extension did not see them come online.
 */
export function nextSessionMarks(
  before: SessionBefore | undefined,
  online: boolean,
  at: number,
): SessionMarks {
  if (!before) return {};
  const lastSession = before.lastSession ? { lastSession: before.lastSession } : {};
  if (online) {
    const onlineSince = before.online ? before.onlineSince : at;
    return { ...lastSession, ...(onlineSince === undefined ? {} : { onlineSince }) };
  }
  if (before.online && before.onlineSince !== undefined) {
    const seenUntil = Math.max(before.onlineSince, before.seenOnlineAt ?? before.onlineSince);
    return { lastSession: { start: before.onlineSince, seenUntil, offlineAt: at } };
  }
  return lastSession;
}

export type SessionState =
  | { kind: 'online'; start: number }
  /** Online, but not seen coming online (watched while online, or a clock set wrong). */
  | { kind: 'online-unknown' }
  | { kind: 'offline'; last?: LastSession }
  /** No check has seen the player yet. */
  | { kind: 'unseen' };

/** The session to show at `now`; a start in the future (the clock turned back since) is unknown. */
export function sessionState(
  status: (SessionMarks & { online: boolean }) | undefined,
  now: number,
): SessionState {
  if (!status) return { kind: 'unseen' };
  if (status.online) {
    const start = status.onlineSince;
    return start !== undefined && start <= now ? { kind: 'online', start } : { kind: 'online-unknown' };
  }
  const last = status.lastSession;
  return last && last.offlineAt <= now ? { kind: 'offline', last } : { kind: 'offline' };
}
