// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { longestWaitInChecks, simulateFailingInstall } from '@/bench/figures/failing-sim';
import { longestOverdueInChecks } from '@/bench/figures/floor-wait';
import { maxInAnyHour, SIM_START, seededRandom } from '@/bench/figures/scheduler-sim';
import type { ApiError } from '@/utils/api/errors';
import { HOUR_MS } from '@/utils/scheduler/scheduler-limits';
import { SAVED_SEARCH_STREAM, WATCHLIST_STREAM } from '@/utils/scheduler/stream-ids';
import { FLOOR_EVERY, floorMs } from '@/utils/scheduler/watch-floor';

/**
 * Issue 33, point 1: the floors hold with failing entries. Random mixes of failing players and
 * searches (each with an error of its own: a 5xx, a timeout, an unreadable answer, a 400, a
 * 404), under the real scheduler, the real watchlist stream and the searches' real rotation
 * (bench/figures/failing-sim.ts), over eight simulated hours: every healthy player is checked within
 * FLOOR_EVERY × players of the watchlist's checks of going floorMs(players) unchecked, every healthy alert once in every
 * alerts of the searches' checks, and the requests never exceed the budget in any hour.
 */

/** Long enough for the first failures' rests (10 min, doubled per failure) to end several times. */
const SIMULATED_MS = 8 * HOUR_MS;

const ENTRY_ERRORS: readonly ApiError[] = [
  { kind: 'unavailable' },
  { kind: 'timeout' },
  { kind: 'bad-response', detail: 'online: expected boolean' },
  { kind: 'bad-request', message: 'item: too long' },
  { kind: 'not-found', identifier: 'Notch' },
];

const failingOf = (count: number) =>
  fc
    .dictionary(
      fc.integer({ min: 1, max: Math.max(1, count) }).map(String),
      fc.constantFrom(...ENTRY_ERRORS),
      { maxKeys: count },
    )
    .map((chosen) => new Map(Object.entries(chosen).map(([n, error]) => [Number(n), error] as const)));

describe('the floors with failing players and searches', () => {
  it('every healthy player and alert within its floor, never more than the budget', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .record({ watched: fc.integer({ min: 1, max: 10 }), alerts: fc.integer({ min: 0, max: 6 }) })
          .chain(({ watched, alerts }) =>
            fc.record({
              watched: fc.constant(watched),
              alerts: fc.constant(alerts),
              failingPlayers: failingOf(watched),
              failingSearches: failingOf(alerts),
              budgetPerHour: fc.integer({ min: 6, max: 120 }),
              restarting: fc.boolean(),
              seed: fc.nat(),
            }),
          ),
        async ({ watched, alerts, failingPlayers, failingSearches, budgetPerHour, restarting, seed }) => {
          const requests = await simulateFailingInstall({
            budgetPerHour,
            watched,
            alerts,
            failingPlayers,
            failingSearches: alerts === 0 ? new Map() : failingSearches,
            endAt: SIM_START + SIMULATED_MS,
            restarting,
            random: seededRandom(seed),
          });
          expect(maxInAnyHour(requests.map((request) => request.at))).toBeLessThanOrEqual(budgetPerHour);

          const healthyPlayers = Array.from({ length: watched }, (_, i) => i + 1)
            .filter((n) => !failingPlayers.has(n))
            .map((n) => `player${n}`);
          const playerChecks = requests.filter((r) => r.stream === WATCHLIST_STREAM);
          if (healthyPlayers.length > 0)
            expect(
              longestOverdueInChecks(playerChecks, healthyPlayers, floorMs(watched)),
            ).toBeLessThanOrEqual(FLOOR_EVERY * watched);

          const healthySearches = Array.from({ length: alerts }, (_, i) => i + 1)
            .filter((n) => !failingSearches.has(n))
            .map((n) => `search${n}`);
          const searchChecks = requests
            .filter((r) => r.stream === SAVED_SEARCH_STREAM)
            .map((r) => r.entry as string);
          if (healthySearches.length > 0)
            expect(longestWaitInChecks(searchChecks, healthySearches)).toBeLessThanOrEqual(alerts);
        },
      ),
      { numRuns: 15 },
    );
    // Fifteen simulated installs of eight hours each: CPU work, as watch-habits.test.ts's property.
  }, 60_000);

  it('a failing entry is still tried, less often than the others (it rests on its own)', async () => {
    const requests = await simulateFailingInstall({
      budgetPerHour: 60,
      watched: 4,
      alerts: 3,
      failingPlayers: new Map([[2, { kind: 'unavailable' }]]),
      failingSearches: new Map([[1, { kind: 'bad-request', message: 'item: too long' }]]),
      endAt: SIM_START + 24 * HOUR_MS,
      random: seededRandom(7),
    });
    const count = (entry: string) => requests.filter((request) => request.entry === entry).length;
    expect(count('player2')).toBeGreaterThan(0);
    expect(count('player2')).toBeLessThan(count('player1') / 2);
    expect(count('search1')).toBeGreaterThan(0);
    expect(count('search1')).toBeLessThan(count('search2') / 2);
  });

  it('one failing player or search does not slow its stream: as many checks as with none failing', async () => {
    const run = (failing: boolean) =>
      simulateFailingInstall({
        budgetPerHour: 60,
        watched: 5,
        alerts: 3,
        failingPlayers: new Map(failing ? [[3, { kind: 'timeout' } as const]] : []),
        failingSearches: new Map(failing ? [[2, { kind: 'bad-response', detail: 'x' } as const]] : []),
        endAt: SIM_START + 6 * HOUR_MS,
        random: seededRandom(11),
      });
    const [healthy, failing] = await Promise.all([run(false), run(true)]);
    const count = (requests: typeof healthy, stream: string) =>
      requests.filter((r) => r.stream === stream).length;
    for (const stream of [WATCHLIST_STREAM, SAVED_SEARCH_STREAM])
      expect(count(failing, stream)).toBeGreaterThanOrEqual(count(healthy, stream) - 1);
  });
});
