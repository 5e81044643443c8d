import { withWorth } from '@/utils/scheduler/news';
import { SAVED_SEARCH_STREAM, savedSearchDemand } from '@/utils/scheduler/stream-ids';
import type { Stream } from '../scheduler/streams';
import type { SavedSearchChecks } from './saved-search-checks';

/**
 * The saved searches' share of the background budget (scheduler/streams.ts): one request per
 * slot, for the search with an alert looked at longest ago (a search whose checks keep failing
 * rests on its own: saved-search-checks.ts). Searches without an alert are only
 * checked when the user asks. Each search is checked at most every SAVED_SEARCH_MIN_INTERVAL_MS
 * (utils/scheduler/stream-ids.ts); the scheduler's round-robin decides how much more rarely when
 * the budget is shared.
 */

// Its name and demand rule are shared with the Options page's estimate.
export { SAVED_SEARCH_STREAM, savedSearchDemand };

export function createSavedSearchStream(deps: {
  checks: Pick<SavedSearchChecks, 'alertCount' | 'nextToCheck' | 'checkInTurn'> &
    Partial<Pick<SavedSearchChecks, 'worth'>>;
}): Stream<typeof SAVED_SEARCH_STREAM> {
  const { checks } = deps;
  return {
    id: SAVED_SEARCH_STREAM,
    async demand() {
      const demand = savedSearchDemand(await checks.alertCount());
      // Its news and floor (utils/scheduler/news.ts); every alert resting: no slot until one wakes.
      return demand === null || checks.worth === undefined ? demand : withWorth(demand, await checks.worth());
    },
    async run() {
      const id = await checks.nextToCheck();
      if (id === undefined) return { ok: true };
      return checks.checkInTurn(id);
    },
  };
}
