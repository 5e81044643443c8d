import type { SearchStates } from '@/utils/saved-searches/search-state';
import type { StreamFailure } from '@/utils/scheduler/demand';
import {
  type EntryFailure,
  type FailedCheck,
  failedCheck,
  isResting,
  previousLookFailed,
} from '@/utils/scheduler/entry-failures';
import { ALERT_FLOOR_MS, alertNews, type EntriesWorth, entriesWorth } from '@/utils/scheduler/news';
import { leastRecentlyChecked } from '../scheduler/rotation';

/**
 * Which saved search the alerts' slot checks, and what a failed check does, on the searches'
 * local states (utils/saved-searches/search-state.ts): pure, so the bench simulates the rotation
 * the background runs (saved-search-checks.ts).
 */

/** When each search was last looked at: its last answer or its last failed try. */
export function searchLooks(states: SearchStates): Record<string, number> {
  return Object.fromEntries(
    Object.entries(states).flatMap(([id, { last, failure }]) => {
      const at = Math.max(last?.at ?? Number.NEGATIVE_INFINITY, failure?.triedAt ?? Number.NEGATIVE_INFINITY);
      return at === Number.NEGATIVE_INFINITY ? [] : [[id, at]];
    }),
  );
}

function searchFailures(states: SearchStates): Record<string, EntryFailure> {
  return Object.fromEntries(
    Object.entries(states).flatMap(([id, { failure }]) => (failure === undefined ? [] : [[id, failure]])),
  );
}

/**
 * The search among `ids` (those with an alert) looked at longest ago, never looked at first,
 * leaving out those resting after failures; undefined when none.
 */
export function nextSearchToCheck(
  ids: readonly string[],
  states: SearchStates,
  now: number,
): string | undefined {
  const resting = (id: string) => Object.hasOwn(states, id) && isResting(states[id]?.failure, now);
  return leastRecentlyChecked(
    ids.filter((id) => !resting(id)),
    searchLooks(states),
  );
}

/** A failed check of search `id` at `at` (utils/scheduler/entry-failures.ts `failedCheck`). */
export function searchFailedCheck(
  states: SearchStates,
  id: string,
  kind: StreamFailure,
  at: number,
): FailedCheck {
  const failures = searchFailures(states);
  return failedCheck(failures[id], kind, at, previousLookFailed(searchLooks(states), failures, id));
}

/**
 * The alerts' worth (utils/scheduler/news.ts): the best news among the searches not resting (each
 * one's recent rate of new listings since it was last looked at), the floor of the one looked at
 * longest ago (ALERT_FLOOR_MS), or, while all rest, when the first stops.
 */
export function searchesWorth(ids: readonly string[], states: SearchStates, now: number): EntriesWorth {
  const looks = searchLooks(states);
  return entriesWorth(ids, {
    now,
    failure: (id) => (Object.hasOwn(states, id) ? states[id]?.failure : undefined),
    lastLookAt: (id) => looks[id],
    news: (id) => alertNews(Object.hasOwn(states, id) ? states[id]?.newPerHour : undefined, looks[id], now),
    floorMs: ALERT_FLOOR_MS,
  });
}
