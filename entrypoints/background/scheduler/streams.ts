import type { StreamDemand, StreamResult } from '@/utils/scheduler/demand';

/**
 * A stream of background requests (the badge's count, the watchlist, saved searches). The
 * scheduler knows nothing of what a stream fetches: it asks what the stream wants, and gives it
 * a slot to send ONE request in. What a demand and a result are lives in
 * utils/scheduler/demand.ts, where the Options page's estimate reads it too.
 */

export type { StreamDemand, StreamFailure, StreamResult } from '@/utils/scheduler/demand';

export interface Stream<Id extends string = string> {
  readonly id: Id;
  demand(): StreamDemand | Promise<StreamDemand>;
  /** Sends ONE request, now. */
  run(): Promise<StreamResult>;
}
