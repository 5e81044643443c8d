/**
 * The full profile (200 watched players, 50 saved searches with alerts: bench/lib/full-profile.ts)
 * with one player and one search whose checks keep failing (issue 33, point 1), simulated on the
 * real decision code (failing-sim.ts) at the default budget, badge at one count a minute, for two
 * simulated days. The player's every check is a 5xx, the search's a 400 for its text. Budgeted:
 * every other watched player is checked within FLOOR_EVERY × 200 of the watchlist's checks of
 * going floorMs(200) unchecked (the floor; in time, the note gives the longest wait against the floor the
 * Options page states), every other alert once in every 50 of the searches' checks, and the
 * requests of the busiest hour stay within the budget. The price history (90 days) plays no part
 * in whom a slot checks and is not simulated here.
 */

import { checkEveryMs } from '../../utils/scheduler/check-every';
import { DEFAULT_BUDGET_PER_HOUR, HOUR_MS } from '../../utils/scheduler/scheduler-limits';
import {
  BADGE_STREAM,
  SAVED_SEARCH_STREAM,
  savedSearchDemand,
  WATCHLIST_STREAM,
  watchlistDemand,
} from '../../utils/scheduler/stream-ids';
import { FLOOR_EVERY, floorMs } from '../../utils/scheduler/watch-floor';
import type { Measured } from '../lib/figures';
import { FULL_SEARCHES, FULL_WATCHED } from '../lib/full-profile';
import { round } from '../lib/stats';
import { longestWaitInChecks, longestWaitMs, simulateFailingInstall } from './failing-sim';
import { longestOverdueInChecks } from './floor-wait';
import { BADGE_EVERY_MS, maxInAnyHour, SIM_START, seededRandom } from './scheduler-sim';

const DAYS = 2;
const SEED = 3333;
/** Which player and which search fail (numbered from 1): one in the middle of each list. */
const FAILING_PLAYER = 100;
const FAILING_SEARCH = 25;

export async function measureFailingEntries(): Promise<Measured[]> {
  const endAt = SIM_START + DAYS * 24 * HOUR_MS;
  const requests = await simulateFailingInstall({
    budgetPerHour: DEFAULT_BUDGET_PER_HOUR,
    watched: FULL_WATCHED,
    alerts: FULL_SEARCHES,
    failingPlayers: new Map([[FAILING_PLAYER, { kind: 'unavailable' }]]),
    failingSearches: new Map([[FAILING_SEARCH, { kind: 'bad-request', message: 'item: unknown' }]]),
    endAt,
    random: seededRandom(SEED),
  });
  const healthyPlayers = Array.from({ length: FULL_WATCHED }, (_, i) => `player${i + 1}`).filter(
    (id) => id !== `player${FAILING_PLAYER}`,
  );
  const healthySearches = Array.from({ length: FULL_SEARCHES }, (_, i) => `search${i + 1}`).filter(
    (id) => id !== `search${FAILING_SEARCH}`,
  );
  const of = (stream: string) => requests.filter((request) => request.stream === stream);
  const playerChecks = of(WATCHLIST_STREAM);
  const searchChecks = of(SAVED_SEARCH_STREAM);
  const playerFloor = FLOOR_EVERY * FULL_WATCHED;
  const playerWait = longestOverdueInChecks(playerChecks, healthyPlayers, floorMs(FULL_WATCHED));
  const searchWait = longestWaitInChecks(
    searchChecks.map((check) => check.entry as string),
    healthySearches,
  );
  const perHour = maxInAnyHour(requests.map((request) => request.at));
  // In time: after the first day (the list gone through once), against the Options page's floor.
  const every = checkEveryMs({
    budgetPerHour: DEFAULT_BUDGET_PER_HOUR,
    streams: {
      [BADGE_STREAM]: { demand: { everyMs: BADGE_EVERY_MS } },
      [WATCHLIST_STREAM]: { demand: watchlistDemand(FULL_WATCHED), items: FULL_WATCHED },
      [SAVED_SEARCH_STREAM]: { demand: savedSearchDemand(FULL_SEARCHES), items: FULL_SEARCHES },
    },
  });
  const promisedMs =
    floorMs(FULL_WATCHED) + (every[WATCHLIST_STREAM].itemEveryMs ?? Number.NaN) * FLOOR_EVERY;
  const from = SIM_START + 24 * HOUR_MS;
  const waitedMs = longestWaitMs(playerChecks, healthyPlayers, from, endAt);
  const tries = (entry: string) => requests.filter((request) => request.entry === entry).length;
  const note = `real scheduler, watchlist stream and search rotation (bench/figures/failing-sim.ts) at the default budget (${DEFAULT_BUDGET_PER_HOUR}/h), badge at one count a minute, ${DAYS} simulated days; player${FAILING_PLAYER} fails every check (a 5xx), search${FAILING_SEARCH} every check (a 400); ${playerChecks.length} watchlist checks, ${searchChecks.length} search checks; the failing player tried ${tries(`player${FAILING_PLAYER}`)} times (a healthy one about ${round(playerChecks.length / FULL_WATCHED, 1)}), the failing search ${tries(`search${FAILING_SEARCH}`)} (a healthy one about ${round(searchChecks.length / FULL_SEARCHES, 1)}); on the second day the longest any other player went unchecked: ${round(waitedMs / 60_000, 1)} min, against the floor the Options page states (${round(floorMs(FULL_WATCHED) / 60_000)} min + ${FLOOR_EVERY} × their mean, ${round(promisedMs / 60_000, 1)} min)`;
  return [
    {
      id: 'full-failing-player-floor',
      label: `Full profile, one player and one search failing: longest wait of any other watched player, in watchlist checks after going ${round(floorMs(FULL_WATCHED) / 60_000)} min unchecked (floor ${FLOOR_EVERY} × ${FULL_WATCHED})`,
      value: playerWait,
      unit: 'checks',
      budget: { op: '<=', limit: playerFloor },
      note,
    },
    {
      id: 'full-failing-player-floor-time',
      label: 'The same, in time, against the floor the Options page states',
      value: round(waitedMs / 60_000, 1),
      unit: 'min',
      budget: { op: '<=', limit: round(promisedMs / 60_000, 1) },
      note,
    },
    {
      id: 'full-failing-search-floor',
      label: `The same: longest wait of any other alert, in search checks (floor ${FULL_SEARCHES})`,
      value: searchWait,
      unit: 'checks',
      budget: { op: '<=', limit: FULL_SEARCHES },
      note,
    },
    {
      id: 'full-failing-requests',
      label: 'The same: background requests in the busiest hour',
      value: perHour,
      unit: 'requests',
      budget: { op: '<=', limit: DEFAULT_BUDGET_PER_HOUR },
      note,
    },
  ];
}
