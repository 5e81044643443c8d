import type { ApiError } from '../../../utils/api/errors';

/**
 * A stream of background requests (the badge's count, the watchlist, saved searches). The
 * scheduler knows nothing of what a stream fetches: it asks what the stream wants, and gives it
 * a slot to send ONE request in.
 */

/**
 * What a stream wants: `null` when it has nothing to do, or one request at most every `everyMs`
 * (0: as many as it is given, e.g. a watchlist working through its players).
 */
export type StreamDemand = { readonly everyMs: number } | null;

/** Why a stream's request failed: an API error kind, or `threw` when `run()` itself threw. */
export type StreamFailure = ApiError['kind'] | 'threw';

/**
 * How the stream's one request went. A failure backs the stream off, except `rate-limited`: the
 * scheduler already holds every stream until the end of the pause.
 */
export type StreamResult = { readonly ok: true } | { readonly ok: false; readonly failure: StreamFailure };

export interface Stream<Id extends string = string> {
  readonly id: Id;
  demand(): StreamDemand | Promise<StreamDemand>;
  /** Sends ONE request, now. */
  run(): Promise<StreamResult>;
}
