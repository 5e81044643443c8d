import { SAVED_SEARCH_MIN_INTERVAL_MS } from '../../../utils/limits';
import type { Stream, StreamDemand } from '../scheduler/streams';
import type { SavedSearchChecks } from './saved-search-checks';

/**
 * The saved searches' share of the background budget (scheduler/streams.ts): one request per
 * slot, for the search with an alert checked longest ago. Searches without an alert are only
 * checked when the user asks. Each search is checked at most every SAVED_SEARCH_MIN_INTERVAL_MS;
 * the scheduler's round-robin decides how much more rarely when the budget is shared.
 */

export const SAVED_SEARCH_STREAM = 'saved-searches';

/** What the stream asks of the scheduler with `alerts` searches having an alert. */
export function savedSearchDemand(alerts: number): StreamDemand {
  return alerts <= 0 ? null : { everyMs: SAVED_SEARCH_MIN_INTERVAL_MS / alerts };
}

export function createSavedSearchStream(deps: {
  checks: Pick<SavedSearchChecks, 'alertCount' | 'nextToCheck' | 'check'>;
}): Stream<typeof SAVED_SEARCH_STREAM> {
  const { checks } = deps;
  return {
    id: SAVED_SEARCH_STREAM,
    async demand() {
      return savedSearchDemand(await checks.alertCount());
    },
    async run() {
      const id = await checks.nextToCheck();
      if (id === undefined) return { ok: true };
      const reply = await checks.check(id);
      return reply.ok ? { ok: true } : { ok: false, failure: reply.error.kind };
    },
  };
}
