import type { ApiError } from '../api/errors';

/**
 * What a background stream asks of the scheduler and how its one request went: the words the
 * scheduler's pure decisions (plan.ts) and the Options page's estimate (check-every.ts) share
 * with the streams themselves (entrypoints/background/scheduler/streams.ts).
 */

/**
 * What a stream wants: `null` when it has nothing to do, or one request at most every `everyMs`
 * (0: as many as it is given, e.g. a watchlist working through its players). `dueAt`, when
 * given, is when the stream is next due, whatever its last slot (the badge in Automatic: its
 * count is worth reading then, counted from its last reading, a popup's too); `everyMs` is then
 * the pace that gives, for the pages' estimates.
 */
export type StreamDemand = {
  readonly everyMs: number;
  readonly dueAt?: number;
  /**
   * The news one request is expected to bring (issue 37: the badge's predicted change, a player's
   * chance of a session not seen yet, an alert's of a new listing), on one scale for all streams.
   * When every due stream says it, the slot goes to the most (plan.ts); otherwise round-robin.
   */
  readonly news?: number;
  /** When the stream's floor is due (its least recently served entry would pass it): it goes first. */
  readonly floorAt?: number;
} | null;

/** Why a stream's request failed: an API error kind, or `threw` when `run()` itself threw. */
export type StreamFailure = ApiError['kind'] | 'threw';

/**
 * How the stream's one request went. A failure backs the stream off, except `rate-limited`: the
 * scheduler already holds every stream until the end of the pause.
 */
export type StreamResult = { readonly ok: true } | { readonly ok: false; readonly failure: StreamFailure };
